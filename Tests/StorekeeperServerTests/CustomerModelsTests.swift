import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import Testing

/// The admin API's customer answers and an inbox entry decoded carry wire models
/// (`StorekeeperAPIModels`) where they once carried the domain's and Apple's types: each wire
/// model must spell the JSON its domain type spells, byte for byte.
@Suite struct CustomerModelsTests {
    static let token = "8E4B3B6C-2D1A-4C55-9C1E-0F6A4B8E9D21"

    static let periods = [
        #"""
        {"accessEnd":1790000300000,"appAccountToken":"\#(token)","currency":"USD","environment":"Sandbox",
        "expiresDate":1790000600000,"offer":{"discountType":"FREE_TRIAL","identifier":"trial","period":"P1W","type":1},
        "originalTransactionId":"1000","ownership":"FAMILY_SHARED","periodKey":"2000","price":0,"productId":"p.monthly",
        "purchaseDate":1790000000000,"revocation":{"date":1790000300000,"kind":"upgraded","reason":0},"storefront":"USA",
        "subscriptionGroupIdentifier":"g","transactionId":"1001","webOrderLineItemId":"2000"}
        """#,
        #"""
        {"accessEnd":1,"environment":"Production","offer":{"type":3},"originalTransactionId":"7","periodKey":"purchase:p:0",
        "productId":"p","purchaseDate":0,"revocation":{"date":1,"kind":"refunded"},"transactionId":"7"}
        """#,
    ]

    static let renewals = [
        #"""
        {"autoRenewEnabled":true,"autoRenewProductId":"p.yearly","currency":"USD","eligibleWinBackOfferIds":["wb1","wb2"],
        "environment":"Sandbox","expirationIntent":1,"gracePeriodExpiresDate":1790000900000,"isInBillingRetryPeriod":true,
        "offerIdentifier":"promo","offerType":2,"originalTransactionId":"1000","priceIncreaseStatus":0,"productId":"p.monthly",
        "renewalDate":1790000600000,"renewalPrice":9990,"signedDate":1790000000000,"source":"notification"}
        """#,
        #"""
        {"autoRenewEnabled":false,"eligibleWinBackOfferIds":[],"environment":"Production","isInBillingRetryPeriod":false,
        "originalTransactionId":"9","signedDate":1,"source":"storekit2"}
        """#,
    ]

    static let events = [
        #"""
        {"actor":"operator:ann","appId":"app.one","createdAt":1790000000000,"customerId":"alice","details":{"b":"2","a":"1"},
        "fact":"notification:x","id":"\#(token)","kind":"grant.created","reason":"outage on the 3rd","subject":"premium"}
        """#,
        #"{"actor":"apple","createdAt":1,"details":{},"id":"\#(token)","kind":"purchase.recorded"}"#,
    ]

    static let matches = [
        #"{"customerId":"guest:d-1","environment":"Sandbox","kind":"transaction","matched":"Sandbox:1001","productId":"p"}"#,
        #"{"customerId":"alice","kind":"customer","matched":"alice"}"#,
    ]

    /// One domain value (decoded from JSON) and the bytes the server's encoder writes for it and
    /// for its wire model.
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let spelled: @Sendable () throws -> (domain: [UInt8], wire: [UInt8])

        static func of<Domain: Codable & Sendable, Wire: Encodable & Sendable>(
            _ json: String, as _: Domain.Type, wire: @escaping @Sendable (Domain) -> Wire
        ) -> Case {
            Case(testDescription: "\(Domain.self) \(json.prefix(40))") {
                let value = try JSONDecoder().decode(Domain.self, from: Data(json.utf8))
                return (try FastJSONEncoder().encode(value), try FastJSONEncoder().encode(wire(value)))
            }
        }
    }

    static let cases: [Case] =
        periods.map { Case.of($0, as: PaidPeriod.self, wire: PaidPeriodBody.init) }
        + renewals.map { Case.of($0, as: RenewalInfo.self, wire: RenewalInfoBody.init) }
        + events.map { Case.of($0, as: AuditEvent.self, wire: AdminAuditEvent.init) }
        + matches.map { Case.of($0, as: SearchMatch.self, wire: SearchMatchBody.init) }

    @Test(arguments: cases)
    func theWireModelSpellsTheDomainsJSON(_ example: Case) throws {
        let written = try example.spelled()
        #expect(written.wire == written.domain)
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AppStoreModelsTests/Fixtures")

    /// Apple's decoded payloads, carried as ``JSONPayload``: the bytes Apple's own types write.
    @Test(arguments: [
        "signed-payloads/transaction-documented-fields.json", "signed-payloads/renewalInfo-documented-fields.json",
        "signed-payloads/notification-001.json", "signed-payloads/notification-consumption-request.json", "v1/seed-000-refund.json",
    ])
    func applesPayloadsAsJSONPayloadSpellTheirTypesJSON(_ fixture: String) throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(fixture))
        func check<Payload: Codable>(_ type: Payload.Type) throws {
            let payload = try JSONCoding.decode(Payload.self, from: data)
            #expect(try FastJSONEncoder().encode(JSONPayload(encoding: payload)) == FastJSONEncoder().encode(payload), "\(fixture)")
        }
        switch fixture {
        case let name where name.contains("transaction"): try check(JWSTransactionDecodedPayload.self)
        case let name where name.contains("renewalInfo"): try check(JWSRenewalInfoDecodedPayload.self)
        case let name where name.hasPrefix("v1/"): try check(AppStoreServerNotificationV1.self)
        default: try check(ResponseBodyV2DecodedPayload.self)
        }
    }
}
