public import Foundation

extension PurchaseClient {
    /// Everything the client needs to know about the app, its customer and its device.
    public struct Configuration: Sendable {
        /// Storekeeper's address (`https://store.example.com`).
        public var baseURL: URL
        /// The app's id in Storekeeper (`app.<id>` in its configuration).
        public var appId: String
        /// The customer as the app names it (the `sub` of the customer token).
        public var customerId: String
        /// A customer token from the app's backend, asked for before each request (cache it there).
        public var customerToken: @Sendable () async throws -> String
        /// The public keys Storekeeper signs answers with (PEM): the current key, and during a
        /// rotation the next one too.
        public var trustedKeysPEM: [String]
        /// How far an answer's signing time may be from the device's clock.
        public var signatureToleranceSeconds: Int64 = 300
        /// Where the proof queue and the customer cache live (Application Support, not Caches:
        /// the queue must survive).
        public var directory: URL
        /// Delays between drains of the proof queue while Storekeeper does not acknowledge.
        public var retry = RetryPolicy()
        /// The device's clock.
        public var now: @Sendable () -> Date = { Date() }

        public init(
            baseURL: URL, appId: String, customerId: String, customerToken: @escaping @Sendable () async throws -> String,
            trustedKeysPEM: [String], directory: URL
        ) {
            self.baseURL = baseURL
            self.appId = appId
            self.customerId = customerId
            self.customerToken = customerToken
            self.trustedKeysPEM = trustedKeysPEM
            self.directory = directory
        }

        /// The base URL's path without a trailing `/` (empty at the host's root).
        var basePath: String {
            var path = baseURL.path
            while path.hasSuffix("/") { path.removeLast() }
            return path
        }
    }

    /// Exponential backoff with jitter, capped: `initial`, then doubling up to `maximum`.
    public struct RetryPolicy: Sendable, Hashable {
        public var initial: Duration
        public var maximum: Duration

        public init(initial: Duration = .seconds(2), maximum: Duration = .seconds(300)) {
            self.initial = initial
            self.maximum = maximum
        }

        /// The delay before retry number `attempt` (0 for the first), between half and all of
        /// the doubled delay so that many devices do not retry in step.
        public func delay(attempt: Int) -> Duration {
            var delay = initial
            for _ in 0..<min(attempt, 30) where delay < maximum { delay = delay * 2 }
            let capped = min(delay, maximum)
            return capped * Double.random(in: 0.5...1.0)
        }
    }
}
