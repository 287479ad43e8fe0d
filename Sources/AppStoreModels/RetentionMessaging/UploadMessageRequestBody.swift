public import Foundation

/// Upload Message's body: the text of a retention message and, for a text message, an optional
/// image and bullet points. Apple's limits: header 66 characters, body 144, alternative text 150,
/// bullet point text 66.
public struct UploadMessageRequestBody: Hashable, Sendable, Codable {
    /// The header text (at most 66 characters).
    public var header: String
    /// The body text (at most 144 characters).
    public var body: String
    /// An approved image and its alternative text, for a text message with an image.
    public var image: UploadMessageImage?
    /// Bullet points, each with its bullet image (Retention Messaging API 1.4).
    public var bulletPoints: [BulletPoint]?
    /// Where the header goes; Apple's default is above the body.
    public var headerPosition: RetentionHeaderPosition?

    /// Creates a value; every optional field defaults to `nil`.
    public init(
        header: String, body: String, image: UploadMessageImage? = nil, bulletPoints: [BulletPoint]? = nil,
        headerPosition: RetentionHeaderPosition? = nil
    ) {
        self.header = header
        self.body = body
        self.image = image
        self.bulletPoints = bulletPoints
        self.headerPosition = headerPosition
    }

    /// Apple's documented length limits, in characters.
    public static let maximumHeaderLength = 66
    public static let maximumBodyLength = 144
    public static let maximumAltTextLength = 150
    public static let maximumBulletPointTextLength = 66
}

/// An image in a message (`UploadMessageImage`): its identifier and alternative text.
public struct UploadMessageImage: Hashable, Sendable, Codable {
    public var imageIdentifier: UUID
    public var altText: String

    public init(imageIdentifier: UUID, altText: String) {
        self.imageIdentifier = imageIdentifier
        self.altText = altText
    }
}

/// One bullet point of a message (`BulletPoint`): its text and bullet image.
public struct BulletPoint: Hashable, Sendable, Codable {
    public var text: String
    public var imageIdentifier: UUID
    public var altText: String

    public init(text: String, imageIdentifier: UUID, altText: String) {
        self.text = text
        self.imageIdentifier = imageIdentifier
        self.altText = altText
    }
}
