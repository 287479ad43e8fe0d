import AppStoreAPI
import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// What the Apple-side actions send Apple and how they read its answers, without a network.
@Suite struct ExtensionRequestIdentifierTests {
    /// The request identifier is a UUID Apple accepts, the same for the same app, action and
    /// key (a retry), and different when any of them differs.
    @Test func theRequestIdentifierIsAStableUUIDPerAppActionAndKey() throws {
        let identifier = AppleSide.requestIdentifier(app: "demo", action: "extend", key: "case-17")
        let uuid = try #require(UUID(uuidString: identifier))
        #expect(identifier == uuid.uuidString.lowercased())
        #expect(identifier.count <= 128, "Apple's limit")
        #expect(Array(identifier)[14] == "5", "name-based layout")
        #expect(AppleSide.requestIdentifier(app: "demo", action: "extend", key: "case-17") == identifier)
        #expect(AppleSide.requestIdentifier(app: "demo", action: "extend", key: "case-18") != identifier)
        #expect(AppleSide.requestIdentifier(app: "demo", action: "extend.mass", key: "case-17") != identifier)
        #expect(AppleSide.requestIdentifier(app: "other", action: "extend", key: "case-17") != identifier)
    }

    /// Apple's refusals become the operator's typed errors with stable codes.
    @Test(arguments: [
        (APIErrorCode.subscriptionMaxExtension, "extensionLimitReached", 409),
        (.subscriptionExtensionIneligible, "extensionIneligible", 409),
        (.familySharedSubscriptionExtensionIneligible, "extensionIneligible", 409),
        (.originalTransactionIdNotFound, "notFound", 404),
        (.statusRequestNotFound, "notFound", 404),
        (.testNotificationNotFound, "notFound", 404),
    ])
    func applesRefusalsAreTyped(_ code: APIErrorCode, _ expected: String, _ status: Int) {
        let error = AppleSide.error(
            AppStoreAPIError(status == 404 ? .notFound : .forbidden, "refused", httpStatus: status == 404 ? 404 : 403, errorCode: code))
        #expect(error.code.rawValue == expected)
        #expect(Int(error.status.code) == status)
        #expect(error.message.contains(String(code.rawValue)), "Apple's code is kept")
    }

    @Test func aFailureARetryMayCureIsUnavailableAndAnUnknownRefusalIsBadGateway() {
        #expect(AppleSide.error(AppStoreAPIError(.serverError, "down", httpStatus: 500)).status == .serviceUnavailable)
        let invalid = AppleSide.error(AppStoreAPIError(.invalidRequest, "bad", httpStatus: 400, errorCode: .invalidExtendByDays))
        #expect(invalid.code == .invalidRequest)
        let other = AppleSide.error(AppStoreAPIError(.forbidden, "no", httpStatus: 403, errorCode: APIErrorCode(rawValue: 4_030_999)))
        #expect(other.code.rawValue == "appleRefused")
        #expect(other.status == .badGateway)
    }

    @Test func extensionLimitsAreApplesBeforeAskingApple() throws {
        #expect(throws: StorekeeperError.self) { try ExtensionService.validate(days: 0, reasonCode: 1) }
        #expect(throws: StorekeeperError.self) { try ExtensionService.validate(days: 91, reasonCode: 1) }
        #expect(throws: StorekeeperError.self) { try ExtensionService.validate(days: 10, reasonCode: 4) }
        #expect(throws: Never.self) { try ExtensionService.validate(days: 90, reasonCode: 3) }
        #expect(throws: Never.self) { try ExtensionService.validate(days: 1, reasonCode: 0) }
        #expect(try ExtensionService.storefronts(["usa", "FRA"]) == ["USA", "FRA"])
        #expect(throws: StorekeeperError.self) { try ExtensionService.storefronts(["US"]) }
        #expect(throws: StorekeeperError.self) { try ExtensionService.storefronts([]) }
    }

    @Test func inboxCursorsRoundTripAndRefuseGarbage() throws {
        let cursor = InboxCursor(receivedAt: Timestamp(millisecondsSince1970: 1_795_632_992_217), id: "v1:sha256:ab.cd")
        #expect(InboxCursor(token: cursor.token) == cursor)
        #expect(InboxCursor(token: "12") == nil)
        #expect(InboxCursor(token: "x.id") == nil)
        #expect(InboxCursor(token: "12.") == nil)
    }
}
