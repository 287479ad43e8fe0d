public import Foundation
import Synchronization

/// Everything the simulated devices did and Storekeeper answered, in one order: tests read it to
/// show, for example, that a transaction was finished only after Storekeeper's acknowledgement.
public final class CallLog: Sendable {
    public enum Entry: Sendable, Hashable {
        /// The app asked StoreKit to buy.
        case purchase(device: String, productId: String, appAccountToken: UUID)
        /// The App Store took the payment.
        case paid(device: String, transactionId: String)
        case finish(device: String, transactionId: String)
        case sync(device: String)
        /// Storekeeper's answer to the app as it reached the app, and whether it was signed by a
        /// key the app trusts (appended by whatever stands between them in a test).
        case answer(method: String, path: String, status: Int, body: Data, signed: Bool)
    }

    private let entries = Mutex<[Entry]>([])

    public init() {}

    public func append(_ entry: Entry) {
        entries.withLock { $0.append(entry) }
    }

    public var all: [Entry] { entries.withLock { $0 } }

    /// The transactions finished, in order.
    public var finished: [String] {
        all.compactMap { if case .finish(_, let id) = $0 { id } else { nil } }
    }
}
