import AppStoreModels
import Foundation
import Testing

/// One open enumeration, type-erased so a single parameterized test can check them all.
struct OpenEnumerationCase: Sendable, CustomTestStringConvertible {
    let name: String
    let knownCount: Int
    /// Decodes an undocumented raw value and checks it is kept and re-encoded unchanged.
    let unknownValueIsKept: @Sendable () throws -> Bool
    /// Round-trips every documented value through JSON.
    let knownValuesRoundTrip: @Sendable () throws -> Bool
    /// Checks that a value of the wrong JSON type throws.
    let wrongTypeThrows: @Sendable () -> Bool

    var testDescription: String { name }

    static func string<T>(_ type: T.Type) -> OpenEnumerationCase
    where T: OpenEnumeration, T.RawValue == String {
        make(type, unknown: "SOMETHING_APPLE_ADDS_LATER", unknownJSON: "\"SOMETHING_APPLE_ADDS_LATER\"", wrongJSON: "17")
    }

    static func integer<T>(_ type: T.Type) -> OpenEnumerationCase
    where T: OpenEnumeration, T.RawValue: FixedWidthInteger {
        make(type, unknown: 99, unknownJSON: "99", wrongJSON: "\"1\"")
    }

    private static func make<T>(_ type: T.Type, unknown: T.RawValue, unknownJSON: String, wrongJSON: String) -> OpenEnumerationCase
    where T: OpenEnumeration {
        let known = T.knownValues
        return OpenEnumerationCase(
            name: String(describing: type),
            knownCount: known.count,
            unknownValueIsKept: {
                let decoded = try JSON.decode([T].self, "[\(unknownJSON)]")
                let reEncoded = try JSON.encode(decoded)
                return decoded.first?.rawValue == unknown && reEncoded == "[\(unknownJSON)]"
                    && decoded.first?.isKnown == false && decoded.first?.description == "\(unknown)"
            },
            knownValuesRoundTrip: {
                try JSON.roundTrip(known) == known && Set(known).count == known.count
            },
            wrongTypeThrows: {
                (try? JSON.decode([T].self, "[\(wrongJSON)]")) == nil
            }
        )
    }
}

@Suite("Open enumerations")
struct OpenEnumerationTests {
    static let all: [OpenEnumerationCase] = [
        .string(NotificationTypeV2.self), .string(NotificationSubtype.self), .integer(SubscriptionStatus.self),
        .integer(AutoRenewStatus.self), .integer(ExpirationIntent.self), .integer(OfferType.self),
        .string(OfferDiscountType.self), .integer(PriceIncreaseStatus.self), .integer(RevocationReason.self),
        .string(RevocationType.self), .string(TransactionReason.self), .string(ProductType.self),
        .string(InAppOwnershipType.self), .string(ConsumptionRequestReason.self), .string(PurchasePlatform.self),
        .string(BillingPlanType.self), .string(RenewalBillingPlanType.self), .string(ExternalPurchaseTokenType.self),
        .integer(ConsumptionStatus.self), .string(DeliveryStatus.self), .integer(DeliveryStatusV1.self),
        .integer(Platform.self), .integer(PlayTime.self), .integer(AccountTenure.self),
        .integer(LifetimeDollarsPurchased.self), .integer(LifetimeDollarsRefunded.self), .integer(UserStatus.self),
        .string(RefundPreference.self), .integer(RefundPreferenceV1.self), .integer(ExtendReasonCode.self),
        .integer(OrderLookupStatus.self), .string(SendAttemptResult.self), .string(TransactionHistoryProductType.self),
        .string(TransactionHistorySort.self), .integer(APIErrorCode.self), .integer(VerifyReceiptStatus.self),
        .string(ReceiptType.self), .string(NotificationTypeV1.self), .string(NotificationV1Environment.self),
        .string(AppStoreEnvironment.self), .string(AdvancedCommercePeriod.self), .string(AdvancedCommerceOfferPeriod.self),
        .string(AdvancedCommerceOfferReason.self), .string(AdvancedCommerceRefundReason.self),
        .string(AdvancedCommerceRefundType.self), .string(AdvancedCommercePriceIncreaseInfoStatus.self),
        .string(InvitationManagement.self), .string(AdditionalTransactionReason.self), .string(GroupType.self),
        .string(GroupRole.self),
    ]

    @Test("Undocumented values decode, are kept, and re-encode unchanged", arguments: all)
    func unknownValuesAreKept(_ enumeration: OpenEnumerationCase) throws {
        #expect(try enumeration.unknownValueIsKept())
    }

    @Test("Documented values round-trip and are distinct", arguments: all)
    func knownValuesRoundTrip(_ enumeration: OpenEnumerationCase) throws {
        #expect(try enumeration.knownValuesRoundTrip())
        #expect(enumeration.knownCount > 0)
    }

    @Test("A value of the wrong JSON type throws", arguments: all)
    func wrongTypeThrows(_ enumeration: OpenEnumerationCase) {
        #expect(enumeration.wrongTypeThrows())
    }

    @Test("Every V2 notification type Apple documents is present")
    func notificationTypes() {
        let documented = [
            "CONSUMPTION_REQUEST", "DID_CHANGE_RENEWAL_PREF", "DID_CHANGE_RENEWAL_STATUS", "DID_FAIL_TO_RENEW", "DID_RENEW",
            "EXPIRED", "EXTERNAL_PURCHASE_TOKEN", "GRACE_PERIOD_EXPIRED", "METADATA_UPDATE", "MIGRATION", "OFFER_REDEEMED",
            "ONE_TIME_CHARGE", "PRICE_CHANGE", "PRICE_INCREASE", "REFUND", "REFUND_DECLINED", "REFUND_REVERSED",
            "RENEWAL_EXTENDED", "RENEWAL_EXTENSION", "RESCIND_CONSENT", "REVOKE", "SUBSCRIBED", "TEST", "UNCLAIM_SEATS",
        ]
        #expect(Set(NotificationTypeV2.knownValues.map(\.rawValue)) == Set(documented))
        #expect(NotificationTypeV2.test.rawValue == "TEST")
        #expect(NotificationSubtype.knownValues.count == 22)
        #expect(NotificationSubtype.gracePeriod.rawValue == "GRACE_PERIOD")
        #expect(NotificationTypeV1.knownValues.count == 13)
    }

    @Test("MIGRATE (the changelog's spelling) and MIGRATION are one type; the spelling Apple sent is kept")
    func migrateIsMigration() throws {
        let decoded = try JSONDecoder().decode([NotificationTypeV2].self, from: Data(#"["MIGRATE","MIGRATION"]"#.utf8))
        #expect(decoded.map(\.rawValue) == ["MIGRATE", "MIGRATION"])
        #expect(decoded[0] == .migration && decoded[1] == .migrate)
        #expect(Set(decoded).count == 1)
        #expect(decoded[0].canonical.rawValue == "MIGRATION")
        #expect(decoded[0].isKnown)
        #expect(String(decoding: try JSONEncoder().encode(decoded[0]), as: UTF8.self) == #""MIGRATE""#)
        switch decoded[0] {
        case .migration: break
        default: Issue.record("MIGRATE did not match .migration")
        }
        #expect(NotificationTypeV2.metadataUpdate != .migration)
        #expect(NotificationTypeV2(rawValue: "MIGRATED") != .migration)
        #expect(NotificationTypeV2.priceChange.canonical == .priceChange)
    }

    @Test(
        "Product types use Apple's display strings",
        arguments: [
            (ProductType.autoRenewableSubscription, "Auto-Renewable Subscription"),
            (.nonConsumable, "Non-Consumable"), (.consumable, "Consumable"), (.nonRenewingSubscription, "Non-Renewing Subscription"),
        ])
    func productTypes(type: ProductType, raw: String) {
        #expect(type.rawValue == raw)
        #expect(type.isKnown)
    }

    @Test(
        "Subscription status codes",
        arguments: [
            (SubscriptionStatus.active, Int32(1)), (.expired, 2), (.billingRetry, 3), (.billingGracePeriod, 4), (.revoked, 5),
        ])
    func subscriptionStatus(status: SubscriptionStatus, raw: Int32) {
        #expect(status.rawValue == raw)
    }

    @Test(
        "App Store Server API error codes: retryability and HTTP status",
        arguments: [
            (APIErrorCode.transactionIdNotFound, Int64(4_040_010), false, 404),
            (.rateLimitExceeded, 4_290_000, true, 429),
            (.invalidTransactionId, 4_000_006, false, 400),
            (.generalInternal, 5_000_000, false, 500),
            (.generalInternalRetryable, 5_000_001, true, 500),
            (.accountNotFoundRetryable, 4_040_002, true, 404),
            (.appNotFoundRetryable, 4_040_004, true, 404),
            (.originalTransactionIdNotFoundRetryable, 4_040_006, true, 404),
            (.subscriptionMaxExtension, 4_030_005, false, 403),
            (.invalidAppAccountTokenUUID, 4_000_183, false, 400),
            (.familyTransactionNotSupported, 4_000_185, false, 400),
            (.transactionIdIsNotOriginalTransactionId, 4_000_187, false, 400),
            (.appTransactionDoesNotExist, 4_040_019, false, 404),
            (.invalidRefundPreference, 4_000_044, false, 400),
        ])
    func apiErrorCodes(code: APIErrorCode, raw: Int64, retryable: Bool, http: Int) {
        #expect(code.rawValue == raw)
        #expect(code.isRetryable == retryable)
        #expect(code.httpStatusCode == http)
    }

    @Test(
        "verifyReceipt status codes: retry and environment switching",
        arguments: [
            (0, false, false), (21000, false, false), (21002, true, false), (21003, false, false), (21004, false, false),
            (21005, true, false), (21006, false, false), (21007, false, false), (21008, false, false), (21009, true, false),
            (21010, false, false), (21100, true, true), (21150, true, true), (21199, true, true), (21200, false, false),
        ])
    func verifyReceiptStatus(raw: Int, retryable: Bool, internalError: Bool) {
        let status = VerifyReceiptStatus(rawValue: raw)
        #expect(status.isRetryable == retryable)
        #expect(status.isInternalDataAccessError == internalError)
        #expect(VerifyReceiptStatus.sandboxReceiptSentToProduction.rawValue == 21007)
    }
}
