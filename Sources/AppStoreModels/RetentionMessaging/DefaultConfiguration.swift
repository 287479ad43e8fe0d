public import Foundation

/// Configure Default Message's body (`DefaultConfigurationRequest`): the approved text message
/// shown for a product in a locale when no real-time answer is.
public struct DefaultConfigurationRequest: Hashable, Sendable, Codable {
    public var messageIdentifier: UUID

    public init(messageIdentifier: UUID) {
        self.messageIdentifier = messageIdentifier
    }
}

/// Get Default Message's answer (`DefaultConfigurationResponse`, Retention Messaging API 1.4).
public struct DefaultConfigurationResponse: Hashable, Sendable, Codable {
    public var messageIdentifier: UUID?

    /// Creates a value; every optional field defaults to `nil`.
    public init(messageIdentifier: UUID? = nil) {
        self.messageIdentifier = messageIdentifier
    }
}

/// Configure Realtime URL's body and Get Realtime URL's answer (`RealtimeUrlRequest`,
/// `RealtimeUrlResponse`, Retention Messaging API 1.4): the `https://` URL, at most 256
/// characters, of the app's Get Retention Message endpoint in the environment called.
public struct RealtimeURLConfiguration: Hashable, Sendable, Codable {
    public var realtimeURL: String?

    /// Creates a value; every optional field defaults to `nil`.
    public init(realtimeURL: String? = nil) {
        self.realtimeURL = realtimeURL
    }

    /// Apple's limit on the URL's length.
    public static let maximumLength = 256
}
