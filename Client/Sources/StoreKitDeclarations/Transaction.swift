public import Foundation

/// `StoreKit.Transaction` as far as Storekeeper's adapter uses it.
public struct Transaction: Sendable, Identifiable, Hashable {
    public let id: UInt64
    public let originalID: UInt64
    public let productID: String
    public let appAccountToken: UUID?

    /// `func finish() async`
    public func finish() async { storeKitUnavailable() }

    /// `static var updates: Transaction.Transactions { get }`
    public static var updates: Transaction.Transactions { storeKitUnavailable() }
    /// `static var unfinished: Transaction.Transactions { get }`
    public static var unfinished: Transaction.Transactions { storeKitUnavailable() }
    /// `static var currentEntitlements: Transaction.Transactions { get }`
    public static var currentEntitlements: Transaction.Transactions { storeKitUnavailable() }
}

extension Transaction {
    /// `Transaction.Transactions`: an asynchronous sequence of verification results.
    public struct Transactions: AsyncSequence, Sendable {
        public typealias Element = VerificationResult<Transaction>

        public struct AsyncIterator: AsyncIteratorProtocol {
            public mutating func next() async -> VerificationResult<Transaction>? { storeKitUnavailable() }
        }

        public func makeAsyncIterator() -> AsyncIterator { storeKitUnavailable() }
    }
}

/// `StoreKit.AppStore`.
public enum AppStore {
    /// `static func sync() async throws`
    public static func sync() async throws { storeKitUnavailable() }
}
