extension APIErrorCode {
    /// InvalidImageError: the uploaded image is not a PNG of the required size without transparency.
    public static let invalidImage = APIErrorCode(rawValue: 4_000_161)
    /// HeaderTooLongError: a message header longer than 66 characters.
    public static let headerTooLong = APIErrorCode(rawValue: 4_000_162)
    /// BodyTooLongError: a message body longer than 144 characters.
    public static let bodyTooLong = APIErrorCode(rawValue: 4_000_163)
    /// InvalidLocaleError: the locale is not one Apple knows.
    public static let invalidLocale = APIErrorCode(rawValue: 4_000_164)
    /// AltTextTooLongError: alternative text longer than 150 characters.
    public static let altTextTooLong = APIErrorCode(rawValue: 4_000_175)
    /// MaximumNumberOfImagesReachedError: the app has the most images Apple keeps (2,000).
    public static let maximumNumberOfImagesReached = APIErrorCode(rawValue: 4_030_014)
    /// MaximumNumberOfMessagesReachedError: the app has the most messages Apple keeps (2,000).
    public static let maximumNumberOfMessagesReached = APIErrorCode(rawValue: 4_030_016)
    /// MessageNotApprovedError: a default message must be approved.
    public static let messageNotApproved = APIErrorCode(rawValue: 4_030_017)
    /// ImageNotApprovedError: a default message's image must be approved.
    public static let imageNotApproved = APIErrorCode(rawValue: 4_030_018)
    /// ImageInUseError: the image belongs to a message and cannot be deleted.
    public static let imageInUse = APIErrorCode(rawValue: 4_030_019)
    /// ForbiddenNoPassingTestError: a production real-time URL needs a passed performance test.
    public static let forbiddenNoPassingTest = APIErrorCode(rawValue: 4_030_026)
    /// ImageNotFoundError: no image with that identifier.
    public static let imageNotFound = APIErrorCode(rawValue: 4_040_014)
    /// MessageNotFoundError: no message with that identifier.
    public static let messageNotFound = APIErrorCode(rawValue: 4_040_015)
    /// PerformanceTestRunNotFoundError: no performance test with that request identifier.
    public static let performanceTestRunNotFound = APIErrorCode(rawValue: 4_040_018)
    /// DefaultMessageNotFoundError: no default message for the product and locale.
    public static let defaultMessageNotFound = APIErrorCode(rawValue: 4_040_020)
    /// RealtimeUrlNotFoundError: no real-time URL is configured in this environment.
    public static let realtimeURLNotFound = APIErrorCode(rawValue: 4_040_021)
    /// ImageAlreadyExistsError: an image with that identifier was uploaded before (Upload Image is
    /// not idempotent).
    public static let imageAlreadyExists = APIErrorCode(rawValue: 4_090_000)
    /// MessageAlreadyExistsError: a message with that identifier was uploaded before.
    public static let messageAlreadyExists = APIErrorCode(rawValue: 4_090_001)

    /// BadRequestImageSizeError: a message's image or bullet point names an image uploaded at
    /// the other `imageSize` (Retention Messaging API 1.4).
    public static let badRequestImageSize = APIErrorCode(rawValue: 4_000_216)
    /// BadRequestTooManyBulletPointsError: more bullet points than a message holds.
    public static let tooManyBulletPoints = APIErrorCode(rawValue: 4_000_218)
    /// BadRequestBulletPointTextTooLongError: a bullet point's text over 66 characters.
    public static let bulletPointTextTooLong = APIErrorCode(rawValue: 4_000_219)

    /// The Retention Messaging API's codes (Apple documents them apart from the Server API's).
    /// Codes Apple documents without a value here (`BadRequestAboveImageRequiresAnImageError`)
    /// decode as unknown codes and keep their HTTP status.
    static let retentionMessaging: [APIErrorCode] = [
        .invalidImage, .headerTooLong, .bodyTooLong, .invalidLocale, .altTextTooLong, .maximumNumberOfImagesReached,
        .maximumNumberOfMessagesReached, .messageNotApproved, .imageNotApproved, .imageInUse, .forbiddenNoPassingTest,
        .imageNotFound, .messageNotFound, .performanceTestRunNotFound, .defaultMessageNotFound, .realtimeURLNotFound,
        .imageAlreadyExists, .messageAlreadyExists, .badRequestImageSize, .tooManyBulletPoints, .bulletPointTextTooLong,
    ]
}
