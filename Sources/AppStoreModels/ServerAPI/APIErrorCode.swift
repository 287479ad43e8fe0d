/// The `errorCode` of an App Store Server API error body (``ErrorPayload``), an int64.
///
/// An open enumeration: values Apple adds later decode and are kept in `rawValue`.
public struct APIErrorCode: OpenEnumeration {
    /// The value exactly as Apple sends it.
    public let rawValue: Int64
    /// Wraps any raw value, documented or not.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    /// GeneralBadRequestError: the request is invalid.
    public static let generalBadRequest = APIErrorCode(rawValue: 4_000_000)
    /// InvalidAppIdentifierError: the app identifier is invalid.
    public static let invalidAppIdentifier = APIErrorCode(rawValue: 4_000_002)
    /// InvalidRequestRevisionError: the `revision` token is invalid.
    public static let invalidRequestRevision = APIErrorCode(rawValue: 4_000_005)
    /// InvalidTransactionIdError: the transaction identifier is invalid.
    public static let invalidTransactionId = APIErrorCode(rawValue: 4_000_006)
    /// InvalidOriginalTransactionIdError: the original transaction identifier is invalid.
    public static let invalidOriginalTransactionId = APIErrorCode(rawValue: 4_000_008)
    /// InvalidExtendByDaysError: `extendByDays` is invalid.
    public static let invalidExtendByDays = APIErrorCode(rawValue: 4_000_009)
    /// InvalidExtendReasonCodeError: `extendReasonCode` is invalid.
    public static let invalidExtendReasonCode = APIErrorCode(rawValue: 4_000_010)
    /// InvalidRequestIdentifierError: `requestIdentifier` is invalid.
    public static let invalidRequestIdentifier = APIErrorCode(rawValue: 4_000_011)
    /// StartDateTooFarInPastError: the start date is earlier than allowed.
    public static let startDateTooFarInPast = APIErrorCode(rawValue: 4_000_012)
    /// StartDateAfterEndDateError: the end date precedes or equals the start date.
    public static let startDateAfterEndDate = APIErrorCode(rawValue: 4_000_013)
    /// InvalidPaginationTokenError: the pagination token is invalid.
    public static let invalidPaginationToken = APIErrorCode(rawValue: 4_000_014)
    /// InvalidStartDateError: the start date is invalid.
    public static let invalidStartDate = APIErrorCode(rawValue: 4_000_015)
    /// InvalidEndDateError: the end date is invalid.
    public static let invalidEndDate = APIErrorCode(rawValue: 4_000_016)
    /// PaginationTokenExpiredError: the pagination token expired.
    public static let paginationTokenExpired = APIErrorCode(rawValue: 4_000_017)
    /// InvalidNotificationTypeError: the notification type or subtype is invalid.
    public static let invalidNotificationType = APIErrorCode(rawValue: 4_000_018)
    /// MultipleFiltersSuppliedError: too many filters (for example both transactionId and
    /// notificationType).
    public static let multipleFiltersSupplied = APIErrorCode(rawValue: 4_000_019)
    /// InvalidTestNotificationTokenError: the test notification token is invalid.
    public static let invalidTestNotificationToken = APIErrorCode(rawValue: 4_000_020)
    /// InvalidSortError: the `sort` parameter is invalid.
    public static let invalidSort = APIErrorCode(rawValue: 4_000_021)
    /// InvalidProductTypeError: the `productType` parameter is invalid.
    public static let invalidProductType = APIErrorCode(rawValue: 4_000_022)
    /// InvalidProductIdError: the `productId` parameter is invalid.
    public static let invalidProductId = APIErrorCode(rawValue: 4_000_023)
    /// InvalidSubscriptionGroupIdentifierError: the `subscriptionGroupIdentifier` parameter is
    /// invalid.
    public static let invalidSubscriptionGroupIdentifier = APIErrorCode(rawValue: 4_000_024)
    /// InvalidExcludeRevokedError (deprecated): the `excludeRevoked` parameter is invalid.
    public static let invalidExcludeRevoked = APIErrorCode(rawValue: 4_000_025)
    /// InvalidInAppOwnershipTypeError: the `inAppOwnershipType` parameter is invalid.
    public static let invalidInAppOwnershipType = APIErrorCode(rawValue: 4_000_026)
    /// InvalidEmptyStorefrontCountryCodeListError: a required storefront country code list is
    /// empty.
    public static let invalidEmptyStorefrontCountryCodeList = APIErrorCode(rawValue: 4_000_027)
    /// InvalidStorefrontCountryCodeError: a storefront country code is invalid.
    public static let invalidStorefrontCountryCode = APIErrorCode(rawValue: 4_000_028)
    /// InvalidRevokedError: the `revoked` parameter is invalid.
    public static let invalidRevoked = APIErrorCode(rawValue: 4_000_030)
    /// InvalidStatusError: the `status` parameter is invalid.
    public static let invalidStatus = APIErrorCode(rawValue: 4_000_031)
    /// InvalidAccountTenureError: `accountTenure` is invalid.
    public static let invalidAccountTenure = APIErrorCode(rawValue: 4_000_032)
    /// InvalidAppAccountTokenError: `appAccountToken` of a consumption request is invalid.
    public static let invalidAppAccountToken = APIErrorCode(rawValue: 4_000_033)
    /// InvalidConsumptionStatusError: `consumptionStatus` is invalid.
    public static let invalidConsumptionStatus = APIErrorCode(rawValue: 4_000_034)
    /// InvalidCustomerConsentedError: `customerConsented` is invalid or not `true`.
    public static let invalidCustomerConsented = APIErrorCode(rawValue: 4_000_035)
    /// InvalidDeliveryStatusError: `deliveryStatus` is invalid.
    public static let invalidDeliveryStatus = APIErrorCode(rawValue: 4_000_036)
    /// InvalidLifetimeDollarsPurchasedError: `lifetimeDollarsPurchased` is invalid.
    public static let invalidLifetimeDollarsPurchased = APIErrorCode(rawValue: 4_000_037)
    /// InvalidLifetimeDollarsRefundedError: `lifetimeDollarsRefunded` is invalid.
    public static let invalidLifetimeDollarsRefunded = APIErrorCode(rawValue: 4_000_038)
    /// InvalidPlatformError: `platform` is invalid.
    public static let invalidPlatform = APIErrorCode(rawValue: 4_000_039)
    /// InvalidPlayTimeError: `playTime` is invalid.
    public static let invalidPlayTime = APIErrorCode(rawValue: 4_000_040)
    /// InvalidSampleContentProvidedError: `sampleContentProvided` is invalid.
    public static let invalidSampleContentProvided = APIErrorCode(rawValue: 4_000_041)
    /// InvalidUserStatusError: `userStatus` is invalid.
    public static let invalidUserStatus = APIErrorCode(rawValue: 4_000_042)
    /// InvalidTransactionNotConsumableError (deprecated; replaced by 4000047): the transaction is
    /// not a consumable.
    public static let invalidTransactionNotConsumable = APIErrorCode(rawValue: 4_000_043)
    /// InvalidRefundPreferenceError: `refundPreference` is invalid.
    public static let invalidRefundPreference = APIErrorCode(rawValue: 4_000_044)
    /// InvalidTransactionTypeNotSupportedError: the transaction is of an In-App Purchase type the
    /// endpoint does not support.
    public static let invalidTransactionTypeNotSupported = APIErrorCode(rawValue: 4_000_047)
    /// AppTransactionIdNotSupportedError: the endpoint does not accept an app transaction
    /// identifier.
    public static let appTransactionIdNotSupported = APIErrorCode(rawValue: 4_000_048)
    /// InvalidAppAccountTokenUUIDError: the app account token is not a valid UUID.
    public static let invalidAppAccountTokenUUID = APIErrorCode(rawValue: 4_000_183)
    /// FamilyTransactionNotSupportedError: the endpoint does not support Family Sharing
    /// transactions.
    public static let familyTransactionNotSupported = APIErrorCode(rawValue: 4_000_185)
    /// TransactionIdIsNotOriginalTransactionIdError: the endpoint expects an original transaction
    /// identifier.
    public static let transactionIdIsNotOriginalTransactionId = APIErrorCode(rawValue: 4_000_187)
    /// SubscriptionExtensionIneligibleError: the subscription's state does not allow a renewal-date
    /// extension.
    public static let subscriptionExtensionIneligible = APIErrorCode(rawValue: 4_030_004)
    /// SubscriptionMaxExtensionError: the subscription already received the maximum extensions.
    public static let subscriptionMaxExtension = APIErrorCode(rawValue: 4_030_005)
    /// FamilySharedSubscriptionExtensionIneligibleError: a Family Sharing subscription cannot be
    /// extended directly.
    public static let familySharedSubscriptionExtensionIneligible = APIErrorCode(rawValue: 4_030_007)
    /// AccountNotFoundError: the App Store account was not found.
    public static let accountNotFound = APIErrorCode(rawValue: 4_040_001)
    /// AccountNotFoundRetryableError: the App Store account was not found; try again.
    public static let accountNotFoundRetryable = APIErrorCode(rawValue: 4_040_002)
    /// AppNotFoundError: the app was not found.
    public static let appNotFound = APIErrorCode(rawValue: 4_040_003)
    /// AppNotFoundRetryableError: the app was not found; try again.
    public static let appNotFoundRetryable = APIErrorCode(rawValue: 4_040_004)
    /// OriginalTransactionIdNotFoundError: the original transaction identifier was not found.
    public static let originalTransactionIdNotFound = APIErrorCode(rawValue: 4_040_005)
    /// OriginalTransactionIdNotFoundRetryableError: the original transaction identifier was not
    /// found; try again.
    public static let originalTransactionIdNotFoundRetryable = APIErrorCode(rawValue: 4_040_006)
    /// ServerNotificationURLNotFoundError: no notification URL is configured for the app in this
    /// environment.
    public static let serverNotificationURLNotFound = APIErrorCode(rawValue: 4_040_007)
    /// TestNotificationNotFoundError: the test notification token expired or its status is
    /// unavailable.
    public static let testNotificationNotFound = APIErrorCode(rawValue: 4_040_008)
    /// StatusRequestNotFoundError: no renewal-date extension request matches the identifier and
    /// product.
    public static let statusRequestNotFound = APIErrorCode(rawValue: 4_040_009)
    /// TransactionIdNotFoundError: the transaction identifier was not found.
    public static let transactionIdNotFound = APIErrorCode(rawValue: 4_040_010)
    /// AppTransactionDoesNotExistError: the customer has no app transaction.
    public static let appTransactionDoesNotExist = APIErrorCode(rawValue: 4_040_019)
    /// RateLimitExceededError: the request exceeded the rate limit (HTTP 429); wait for `Retry-
    /// After`.
    public static let rateLimitExceeded = APIErrorCode(rawValue: 4_290_000)
    /// GeneralInternalError: a general internal error.
    public static let generalInternal = APIErrorCode(rawValue: 5_000_000)
    /// GeneralInternalRetryableError: an unknown error occurred; try again.
    public static let generalInternalRetryable = APIErrorCode(rawValue: 5_000_001)

    /// Every value Apple documented when this type was written.
    public static let knownValues: [APIErrorCode] =
        [
            .generalBadRequest,
            .invalidAppIdentifier,
            .invalidRequestRevision,
            .invalidTransactionId,
            .invalidOriginalTransactionId,
            .invalidExtendByDays,
            .invalidExtendReasonCode,
            .invalidRequestIdentifier,
            .startDateTooFarInPast,
            .startDateAfterEndDate,
            .invalidPaginationToken,
            .invalidStartDate,
            .invalidEndDate,
            .paginationTokenExpired,
            .invalidNotificationType,
            .multipleFiltersSupplied,
            .invalidTestNotificationToken,
            .invalidSort,
            .invalidProductType,
            .invalidProductId,
            .invalidSubscriptionGroupIdentifier,
            .invalidExcludeRevoked,
            .invalidInAppOwnershipType,
            .invalidEmptyStorefrontCountryCodeList,
            .invalidStorefrontCountryCode,
            .invalidRevoked,
            .invalidStatus,
            .invalidAccountTenure,
            .invalidAppAccountToken,
            .invalidConsumptionStatus,
            .invalidCustomerConsented,
            .invalidDeliveryStatus,
            .invalidLifetimeDollarsPurchased,
            .invalidLifetimeDollarsRefunded,
            .invalidPlatform,
            .invalidPlayTime,
            .invalidSampleContentProvided,
            .invalidUserStatus,
            .invalidTransactionNotConsumable,
            .invalidRefundPreference,
            .invalidTransactionTypeNotSupported,
            .appTransactionIdNotSupported,
            .invalidAppAccountTokenUUID,
            .familyTransactionNotSupported,
            .transactionIdIsNotOriginalTransactionId,
            .subscriptionExtensionIneligible,
            .subscriptionMaxExtension,
            .familySharedSubscriptionExtensionIneligible,
            .accountNotFound,
            .accountNotFoundRetryable,
            .appNotFound,
            .appNotFoundRetryable,
            .originalTransactionIdNotFound,
            .originalTransactionIdNotFoundRetryable,
            .serverNotificationURLNotFound,
            .testNotificationNotFound,
            .statusRequestNotFound,
            .transactionIdNotFound,
            .appTransactionDoesNotExist,
            .rateLimitExceeded,
            .generalInternal,
            .generalInternalRetryable,
        ] + retentionMessaging

    /// Whether Apple documents the error as one to retry (the `…Retryable` errors) or rate
    /// limiting (retry after the `Retry-After` delay).
    public var isRetryable: Bool {
        self == .accountNotFoundRetryable || self == .appNotFoundRetryable
            || self == .originalTransactionIdNotFoundRetryable || self == .generalInternalRetryable
            || self == .rateLimitExceeded
    }

    /// The HTTP status code Apple pairs with the error: its first three digits (4000006 → 400).
    public var httpStatusCode: Int { Int(rawValue / 10_000) }

    /// The raw value as text.
    public var description: String { String(rawValue) }
}
