import AppStoreModels
import Foundation
import Testing

@Suite("Query parameters")
struct QueryTests {
    @Test("Transaction history filters become Apple's query parameters, repeated for lists")
    func transactionHistoryQuery() throws {
        let request = TransactionHistoryRequest(
            startDate: Timestamp(millisecondsSince1970: 1_698_148_900_000),
            endDate: Timestamp(millisecondsSince1970: 1_698_148_950_000),
            productId: ["com.example.1", "com.example.2"],
            productType: [.consumable, .autoRenewable],
            sort: .descending,
            subscriptionGroupIdentifier: ["sub_group_id", "sub_group_id_2"],
            inAppOwnershipType: .familyShared,
            revoked: false,
            revision: "revision_input")
        let pairs = request.queryItems.map { "\($0.name)=\($0.value ?? "")" }
        #expect(
            pairs == [
                "revision=revision_input", "startDate=1698148900000", "endDate=1698148950000",
                "productId=com.example.1", "productId=com.example.2", "productType=CONSUMABLE", "productType=AUTO_RENEWABLE",
                "sort=DESCENDING", "subscriptionGroupIdentifier=sub_group_id", "subscriptionGroupIdentifier=sub_group_id_2",
                "inAppOwnershipType=FAMILY_SHARED", "revoked=false",
            ])
        #expect(try TransactionHistoryRequest(queryItems: request.queryItems) == request)
        var components = URLComponents(string: "https://api.storekit.apple.com/inApps/v2/history/1")
        components?.queryItems = request.queryItems
        #expect(components?.url?.absoluteString.contains("productType=CONSUMABLE&productType=AUTO_RENEWABLE") == true)
        #expect(TransactionHistoryRequest().queryItems.isEmpty)
        #expect(request.nextPage(revision: "next").revision == "next")
        #expect(request.nextPage(revision: "next").productType == request.productType)
    }

    @Test(
        "Transaction history queries Apple would reject map to Apple's error codes",
        arguments: [
            ("startDate", "yesterday", APIErrorCode.invalidStartDate),
            ("endDate", "-5", .invalidEndDate),
            ("productType", "SUBSCRIPTION", .invalidProductType),
            ("sort", "RANDOM", .invalidSort),
            ("inAppOwnershipType", "BORROWED", .invalidInAppOwnershipType),
            ("revoked", "1", .invalidRevoked),
            ("revision", "", .invalidRequestRevision),
            ("productId", "", .invalidProductId),
            ("subscriptionGroupIdentifier", "", .invalidSubscriptionGroupIdentifier),
        ])
    func rejectedTransactionHistoryQuery(name: String, value: String, code: APIErrorCode) {
        let failure: APIRequestError?
        do {
            _ = try TransactionHistoryRequest(queryItems: [URLQueryItem(name: name, value: value)])
            failure = nil
        } catch {
            failure = error
        }
        #expect(failure?.errorCode == code)
        #expect(failure?.errorPayload.errorCode == code)
        #expect(failure?.reason.isEmpty == false)
    }

    @Test("The end date must follow the start date; unknown parameters are ignored")
    func dateOrder() throws {
        let items = [URLQueryItem(name: "startDate", value: "10"), URLQueryItem(name: "endDate", value: "10")]
        #expect(throws: APIRequestError.self) { try TransactionHistoryRequest(queryItems: items) }
        let parsed = try TransactionHistoryRequest(queryItems: [URLQueryItem(name: "utm_source", value: "x")])
        #expect(parsed == TransactionHistoryRequest())
    }

    @Test("Subscription status filter")
    func statusFilter() throws {
        let request = AllSubscriptionStatusesRequest(status: [.active, .billingGracePeriod])
        #expect(request.queryItems.map { "\($0.name)=\($0.value ?? "")" } == ["status=1", "status=4"])
        #expect(try AllSubscriptionStatusesRequest(queryItems: request.queryItems) == request)
        #expect(AllSubscriptionStatusesRequest().queryItems.isEmpty)
        #expect(throws: APIRequestError.self) {
            try AllSubscriptionStatusesRequest(queryItems: [URLQueryItem(name: "status", value: "6")])
        }
    }
}
