/// `POST /v1/admin/apps/{app}/retention/messages`: uploads a message to Apple (it starts
/// `PENDING` until Apple's review). `environment` defaults as the other Apple actions do.
public struct RetentionMessageRequest: Codable, Sendable, Hashable {
    public var environment: String?
    /// At most 66 characters.
    public var header: String
    /// At most 144 characters.
    public var body: String
    /// An uploaded image to show with the message (a lowercase UUID), and its alternative text.
    public var imageIdentifier: String?
    public var altText: String?
    /// At most 5, each with a bullet-point-size image (Apple's limits: text 66 characters,
    /// alternative text 150).
    public var bulletPoints: [RetentionBulletPointBody]?
    public var reason: String
    public var idempotencyKey: String

    public init(
        environment: String? = nil, header: String, body: String, imageIdentifier: String? = nil, altText: String? = nil,
        bulletPoints: [RetentionBulletPointBody]? = nil, reason: String, idempotencyKey: String
    ) {
        self.environment = environment
        self.header = header
        self.body = body
        self.imageIdentifier = imageIdentifier
        self.altText = altText
        self.bulletPoints = bulletPoints
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}

/// One bullet point of a message: its text, the bullet-point-size image shown as its icon (a
/// lowercase UUID) and that image's alternative text.
public struct RetentionBulletPointBody: Codable, Sendable, Hashable {
    public var text: String
    public var imageIdentifier: String
    public var altText: String

    public init(text: String, imageIdentifier: String, altText: String) {
        self.text = text
        self.imageIdentifier = imageIdentifier
        self.altText = altText
    }
}

/// `POST /v1/admin/apps/{app}/retention/images`: uploads a PNG (base64) to Apple: opaque, and
/// 3840 × 160–2160 pixels at `imageSize` `FULL_SIZE` (the default) or 1024 × 1024 at
/// `BULLET_POINT`.
public struct RetentionImageRequest: Codable, Sendable, Hashable {
    public var environment: String?
    public var png: String
    public var imageSize: String?
    public var reason: String
    public var idempotencyKey: String

    public init(environment: String? = nil, png: String, imageSize: String? = nil, reason: String, idempotencyKey: String) {
        self.environment = environment
        self.png = png
        self.imageSize = imageSize
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}

/// `POST .../retention/defaults`: the default message of a product in a locale (an approved
/// text message), or with `messageIdentifier` absent, its removal.
public struct RetentionDefaultRequest: Codable, Sendable, Hashable {
    public var environment: String?
    public var productId: String
    /// BCP 47 (`en-US`).
    public var locale: String
    public var messageIdentifier: String?
    public var reason: String
    public var idempotencyKey: String

    public init(
        environment: String? = nil, productId: String, locale: String, messageIdentifier: String?, reason: String,
        idempotencyKey: String
    ) {
        self.environment = environment
        self.productId = productId
        self.locale = locale
        self.messageIdentifier = messageIdentifier
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}

/// `POST .../retention/realtime-url`: the URL Apple calls for real-time answers in one
/// environment (this server's `POST /v1/apps/{app}/retention`), or with `realtimeURL` absent, its
/// removal.
public struct RetentionURLRequest: Codable, Sendable, Hashable {
    public var environment: String?
    public var realtimeURL: String?
    public var reason: String
    public var idempotencyKey: String

    public init(environment: String? = nil, realtimeURL: String?, reason: String, idempotencyKey: String) {
        self.environment = environment
        self.realtimeURL = realtimeURL
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}

/// `POST .../retention/content/{identifier}/delete`: deletes an uploaded message or image at
/// Apple, and `POST .../retention/performance-test`: runs Apple's sandbox performance test naming
/// `originalTransactionId`.
public struct RetentionActionRequest: Codable, Sendable, Hashable {
    public var environment: String?
    public var originalTransactionId: String?
    public var reason: String
    public var idempotencyKey: String

    public init(environment: String? = nil, originalTransactionId: String? = nil, reason: String, idempotencyKey: String) {
        self.environment = environment
        self.originalTransactionId = originalTransactionId
        self.reason = reason
        self.idempotencyKey = idempotencyKey
    }
}
