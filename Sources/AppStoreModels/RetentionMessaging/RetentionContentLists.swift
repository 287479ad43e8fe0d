public import Foundation

/// Get Message List's answer (`GetMessageListResponse`).
public struct GetMessageListResponse: Hashable, Sendable, Codable {
    public var messageIdentifiers: [GetMessageListResponseItem]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(messageIdentifiers: [GetMessageListResponseItem]? = nil) {
        self.messageIdentifiers = messageIdentifiers
    }
}

/// One uploaded message and its review state (`GetMessageListResponseItem`).
public struct GetMessageListResponseItem: Hashable, Sendable, Codable {
    public var messageIdentifier: UUID?
    public var messageState: RetentionReviewState?

    /// Creates a value; every optional field defaults to `nil`.
    public init(messageIdentifier: UUID? = nil, messageState: RetentionReviewState? = nil) {
        self.messageIdentifier = messageIdentifier
        self.messageState = messageState
    }
}

/// Get Image List's answer (`GetImageListResponse`).
public struct GetImageListResponse: Hashable, Sendable, Codable {
    public var imageIdentifiers: [GetImageListResponseItem]?

    /// Creates a value; every optional field defaults to `nil`.
    public init(imageIdentifiers: [GetImageListResponseItem]? = nil) {
        self.imageIdentifiers = imageIdentifiers
    }
}

/// One uploaded image and its review state (`GetImageListResponseItem`).
public struct GetImageListResponseItem: Hashable, Sendable, Codable {
    public var imageIdentifier: UUID?
    public var imageState: RetentionReviewState?

    /// Creates a value; every optional field defaults to `nil`.
    public init(imageIdentifier: UUID? = nil, imageState: RetentionReviewState? = nil) {
        self.imageIdentifier = imageIdentifier
        self.imageState = imageState
    }
}
