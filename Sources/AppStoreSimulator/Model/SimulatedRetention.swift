public import AppStoreModels
public import Foundation

/// What the simulated App Store keeps of an app's Retention Messaging setup in one environment:
/// uploaded images and messages with their review states, default messages per product and
/// locale, the real-time URL, performance tests, and what simulated customers were shown.
public struct SimulatedRetention: Hashable, Sendable, Codable {
    /// How uploads are reviewed.
    public enum Review: String, Hashable, Sendable, Codable {
        /// Apple's behaviour: approved at once in the sandbox, pending in production.
        case apple
        /// Pending until the control API approves or rejects them (tests of review states).
        case manual
    }

    public struct Image: Hashable, Sendable, Codable {
        public var imageIdentifier: UUID
        public var state: RetentionReviewState
        public var byteCount: Int
        /// The `imageSize` it was uploaded at (full-size when the parameter was absent).
        public var imageSize: RetentionImageSize?
        public var uploadedAt: Timestamp
    }

    public struct Message: Hashable, Sendable, Codable {
        public var messageIdentifier: UUID
        public var state: RetentionReviewState
        public var content: UploadMessageRequestBody
        public var uploadedAt: Timestamp

        /// The images the message shows (its image and its bullet points').
        public var imageIdentifiers: [UUID] {
            (content.image.map { [$0.imageIdentifier] } ?? []) + (content.bulletPoints ?? []).map(\.imageIdentifier)
        }
    }

    public var review: Review = .apple
    public var images: [UUID: Image] = [:]
    public var messages: [UUID: Message] = [:]
    /// Default messages by `productId + "\n" + locale`.
    public var defaults: [String: UUID] = [:]
    public var realtimeURL: String?
    /// The longest a real-time answer may take (Apple: 700 ms).
    public var deadlineMilliseconds: Int64 = 700
    /// Set once a performance test passed (needed for a production URL).
    public var passedPerformanceTest = false
    public var performanceTests: [String: PerformanceTestResultResponse] = [:]
    /// What simulated customers saw on their subscription page, oldest first.
    public var displays: [RetentionDisplay] = []

    public init() {}

    static func defaultKey(productId: String, locale: String) -> String { productId + "\n" + locale }
}

/// What a simulated customer saw when opening the subscription page, and why.
public struct RetentionDisplay: Hashable, Sendable, Codable {
    public enum Shown: String, Hashable, Sendable, Codable {
        /// The real-time answer's text message.
        case message
        /// The real-time answer's switch-plan message.
        case alternateProduct
        /// The real-time answer's promotional offer.
        case promotionalOffer
        /// The default message of the product and locale (the answer was late, failed or invalid).
        case defaultMessage
        /// Nothing: no usable answer and no approved default.
        case nothing
    }

    /// Why the default (or nothing) was shown instead of a real-time answer.
    public enum Fallback: String, Hashable, Sendable, Codable {
        case noRealtimeURL
        case late
        case failed
        case invalidAnswer
        case unapprovedMessage
        case invalidOffer
    }

    public var requestIdentifier: UUID
    public var originalTransactionId: String
    public var productId: String
    public var locale: String
    public var environment: AppStoreEnvironment
    public var shown: Shown
    public var fallback: Fallback?
    /// What the App Store could not use, when it fell back.
    public var detail: String?
    public var messageIdentifier: UUID?
    /// The shown message's header, body and bullet points' text, as the customer reads them.
    public var header: String?
    public var body: String?
    public var bulletPoints: [String]?
    public var alternateProductId: String?
    public var billingPlanType: BillingPlanType?
    public var offerIdentifier: String?
    /// The answer's offer, kept so that the simulated customer can accept it.
    public var promotionalOffer: RealtimePromotionalOffer?
    /// The answer's time: the server's plus the injected network delay.
    public var elapsedMilliseconds: Int64?
    public var shownAt: Timestamp
}
