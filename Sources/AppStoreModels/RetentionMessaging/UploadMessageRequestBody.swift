public import Foundation

/// Upload Message's body: the text of a retention message and, for a text message, an optional
/// image and bullet points. Apple's limits: header 66 characters, body 144, alternative text 150,
/// at most 5 bullet points of 66 characters each.
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
    /// Apple's `BadRequestTooManyBulletPointsError` limit (its own server libraries check 5).
    public static let maximumBulletPoints = 5

    /// What Apple refuses in a message's text, first found first: the lengths of Upload
    /// Message's table, the number of bullet points, and a header placed above an image the
    /// message does not have.
    public enum Problem: String, Hashable, Sendable, CustomStringConvertible {
        case headerTooLong, bodyTooLong, altTextTooLong, tooManyBulletPoints, bulletPointTextTooLong, aboveImageRequiresAnImage

        public var description: String {
            switch self {
            case .headerTooLong: "the header is longer than \(UploadMessageRequestBody.maximumHeaderLength) characters"
            case .bodyTooLong: "the body is longer than \(UploadMessageRequestBody.maximumBodyLength) characters"
            case .altTextTooLong: "an alternative text is longer than \(UploadMessageRequestBody.maximumAltTextLength) characters"
            case .tooManyBulletPoints: "a message has at most \(UploadMessageRequestBody.maximumBulletPoints) bullet points"
            case .bulletPointTextTooLong:
                "a bullet point's text is longer than \(UploadMessageRequestBody.maximumBulletPointTextLength) characters"
            case .aboveImageRequiresAnImage: "the header can be above the image only in a message with an image"
            }
        }
    }

    /// The first problem Apple would refuse this message for, or `nil`.
    public var problem: Problem? {
        let bullets = bulletPoints ?? []
        let altTexts = (image.map { [$0.altText] } ?? []) + bullets.map(\.altText)
        if header.count > Self.maximumHeaderLength { return .headerTooLong }
        if body.count > Self.maximumBodyLength { return .bodyTooLong }
        if altTexts.contains(where: { $0.count > Self.maximumAltTextLength }) { return .altTextTooLong }
        if bullets.count > Self.maximumBulletPoints { return .tooManyBulletPoints }
        if bullets.contains(where: { $0.text.count > Self.maximumBulletPointTextLength }) { return .bulletPointTextTooLong }
        if headerPosition == .aboveImage, image == nil { return .aboveImageRequiresAnImage }
        return nil
    }
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
