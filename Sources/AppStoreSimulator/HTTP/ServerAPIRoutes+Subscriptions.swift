import AppStoreModels
import Foundation
import Hummingbird

extension ServerAPIRoutes {
    func registerSubscriptionEndpoints(on group: RouterGroup<Context>) {
        serve(.extendSubscriptionRenewalDate, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let id = context.parameters.get("originalTransactionId") ?? ""
            guard !id.isEmpty, id.allSatisfy(\.isNumber) else {
                throw APIRequestError(.invalidOriginalTransactionId, reason: "Invalid original transaction id.")
            }
            let body = try await decodeBody(ExtendRenewalDateRequest.self, request)
            let response = try simulator.apiCall { (engine, now) throws(APIRequestError) in
                try engine.extendRenewalDate(id, request: body, bundleId: bundleId, environment: environment, at: now)
            }
            await simulator.runDueWork()
            return HTTPSupport.json(response)
        }
        serve(.extendRenewalDatesForAllActiveSubscribers, on: group) { (request, _, bundleId, _) throws(APIRequestError) -> Response in
            let body = try await decodeBody(MassExtendRenewalDateRequest.self, request)
            let response = try simulator.apiCall { (engine, now) throws(APIRequestError) in
                try engine.extendAllRenewalDates(body, bundleId: bundleId, environment: environment, at: now)
            }
            await simulator.runDueWork()
            return HTTPSupport.json(response)
        }
        serve(.getStatusOfSubscriptionRenewalDateExtensions, on: group) {
            (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let productId = context.parameters.get("productId") ?? ""
            let requestIdentifier = context.parameters.get("requestIdentifier") ?? ""
            // Steps due by now first: the status is as far as the request got at this instant.
            await simulator.runDueWork()
            let record = simulator.massExtension(requestIdentifier: requestIdentifier)
            guard let record, record.productId == productId, record.bundleId == bundleId,
                record.environment == environment
            else {
                throw APIRequestError(
                    .statusRequestNotFound,
                    reason:
                        "The server didn't find a subscription-renewal-date extension request for the request identifier and product identifier you provided."
                )
            }
            return HTTPSupport.json(
                MassExtendRenewalDateStatusResponse(
                    requestIdentifier: record.requestIdentifier, complete: record.completeDate != nil,
                    completeDate: record.completeDate, succeededCount: record.succeededCount,
                    failedCount: record.failedCount))
        }
        serve(.sendConsumptionInformationV1, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let bytes = try await rawBody(request)
            let body = try decodeBody(ConsumptionRequestV1.self, bytes: bytes)
            try Self.validate(body)
            try record(bytes, version: 1, transactionId: context.parameters.get("transactionId") ?? "", bundleId: bundleId) {
                transaction throws(APIRequestError) in
                guard [.consumable, .autoRenewableSubscription].contains(transaction.payload.type) else {
                    throw APIRequestError(
                        .invalidTransactionNotConsumable, reason: "Invalid request. The transaction is not consumable.")
                }
            }
            return HTTPSupport.empty(.accepted)
        }
        serve(.sendConsumptionInformation, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let bytes = try await rawBody(request)
            let body = try decodeBody(ConsumptionRequest.self, bytes: bytes)
            try record(bytes, version: 2, transactionId: context.parameters.get("transactionId") ?? "", bundleId: bundleId) {
                transaction throws(APIRequestError) in
                try Self.refuseAssigned(transaction.payload)
                try Self.validate(body, productType: transaction.payload.type)
            }
            return HTTPSupport.empty(.accepted)
        }
        serve(.setAppAccountToken, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let bytes = try await rawBody(request)
            let body: UpdateAppAccountTokenRequest
            do {
                body = try JSONCoding.decode(UpdateAppAccountTokenRequest.self, from: Data(bytes))
            } catch {
                throw APIRequestError(
                    .invalidAppAccountTokenUUID, reason: "Invalid request. The app account token field must be a valid UUID.")
            }
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                let transaction = try engine.customer(
                    ofTransaction: context.parameters.get("transactionId") ?? "", bundleId: bundleId,
                    environment: environment)
                guard transaction.transactionId == transaction.originalTransactionId else {
                    throw APIRequestError(
                        .transactionIdIsNotOriginalTransactionId,
                        reason: "Invalid request. The transaction ID provided is not an original transaction ID.")
                }
                guard transaction.payload.inAppOwnershipType != .familyShared else {
                    throw APIRequestError(
                        .familyTransactionNotSupported,
                        reason: "Invalid request. Family Sharing transactions aren't supported by this endpoint.")
                }
                try Self.refuseAssigned(transaction.payload)
                try internalError { () throws(SimulatorError) in
                    try engine.setAppAccountToken(transaction.originalTransactionId, token: body.appAccountToken)
                }
            }
            return HTTPSupport.empty(.ok)
        }
        serve(.finishTransaction, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, now) throws(APIRequestError) in
                let transaction = try engine.customer(
                    ofTransaction: context.parameters.get("transactionId") ?? "", bundleId: bundleId,
                    environment: environment)
                // Finishing again changes nothing: the first instant is kept.
                guard transaction.finishedAt == nil else { return }
                engine.state.transactions[transaction.transactionId]?.finishedAt = now
                engine.isDirty = true
            }
            return HTTPSupport.empty(.ok)
        }
    }

    /// Stores consumption information for a transaction of the customer, after `check`.
    private func record(
        _ bytes: [UInt8], version: Int, transactionId: String, bundleId: String,
        check: (StoredTransaction) throws(APIRequestError) -> Void
    ) throws(APIRequestError) {
        try simulator.apiCall { (engine, now) throws(APIRequestError) in
            let transaction = try engine.customer(ofTransaction: transactionId, bundleId: bundleId, environment: environment)
            try check(transaction)
            engine.state.consumptionReports.append(
                ConsumptionReport(
                    transactionId: transactionId, bundleId: bundleId, receivedAt: now, version: version,
                    body: String(decoding: bytes, as: UTF8.self)))
            engine.isDirty = true
        }
    }

    static func validate(_ body: ConsumptionRequestV1) throws(APIRequestError) {
        let checks: [(Bool, APIErrorCode, String)] = [
            (body.customerConsented, .invalidCustomerConsented, "customerConsented must be true"),
            (body.consumptionStatus.isKnown, .invalidConsumptionStatus, "consumptionStatus"),
            (body.platform.isKnown, .invalidPlatform, "platform"),
            (body.deliveryStatus.isKnown, .invalidDeliveryStatus, "deliveryStatus"),
            (body.accountTenure.isKnown, .invalidAccountTenure, "accountTenure"),
            (body.playTime.isKnown, .invalidPlayTime, "playTime"),
            (body.lifetimeDollarsRefunded.isKnown, .invalidLifetimeDollarsRefunded, "lifetimeDollarsRefunded"),
            (body.lifetimeDollarsPurchased.isKnown, .invalidLifetimeDollarsPurchased, "lifetimeDollarsPurchased"),
            (body.userStatus.isKnown, .invalidUserStatus, "userStatus"),
            (body.refundPreference?.isKnown ?? true, .invalidRefundPreference, "refundPreference"),
            (
                body.appAccountToken.isEmpty || UUID(uuidString: body.appAccountToken) != nil, .invalidAppAccountToken,
                "appAccountToken"
            ),
        ]
        for (valid, code, field) in checks where !valid {
            throw APIRequestError(code, reason: "Invalid request. The \(field) field is invalid.")
        }
    }

    /// Apple refuses consumption data and app account tokens for a transaction an organization or
    /// group assigned to the customer (`inAppOwnershipType` `ASSIGNED`, API 1.22): 4000227.
    static func refuseAssigned(_ transaction: JWSTransactionDecodedPayload) throws(APIRequestError) {
        guard transaction.inAppOwnershipType?.rawValue != "ASSIGNED" else {
            throw APIRequestError(
                APIErrorCode(rawValue: 4_000_227), reason: "Invalid request. Assigned transactions aren't supported by this endpoint.")
        }
    }

    static func validate(_ body: ConsumptionRequest, productType: ProductType?) throws(APIRequestError) {
        guard body.customerConsented else {
            throw APIRequestError(
                .invalidCustomerConsented,
                reason: "Invalid request. The customer consented field is required and must indicate the customer consented.")
        }
        guard body.deliveryStatus.isKnown else {
            throw APIRequestError(.invalidDeliveryStatus, reason: "Invalid request. The delivery status field is invalid.")
        }
        if let preference = body.refundPreference, !preference.isKnown {
            throw APIRequestError(.invalidRefundPreference, reason: "Invalid request. The refund preference field is invalid.")
        }
        if let percentage = body.consumptionPercentage {
            guard (0...100_000).contains(percentage), productType != .autoRenewableSubscription else {
                throw APIRequestError(.generalBadRequest, reason: "Invalid request. The consumption percentage field is invalid.")
            }
        }
        if body.refundPreference == .grantProrated, (body.consumptionPercentage ?? 0) <= 0 {
            throw APIRequestError(
                .generalBadRequest, reason: "Invalid request. GRANT_PRORATED needs a consumption percentage greater than 0.")
        }
    }

    /// The request body, at most 1 MB.
    func rawBody(_ request: Request) async throws(APIRequestError) -> [UInt8] {
        do {
            return try await HTTPSupport.body(of: request, limit: 1 << 20)
        } catch {
            throw APIRequestError(.generalBadRequest, reason: "Invalid request. The body is unreadable or too large.")
        }
    }

    func decodeBody<T: Decodable>(_ type: T.Type, _ request: Request) async throws(APIRequestError) -> T {
        try decodeBody(type, bytes: await rawBody(request))
    }

    func decodeBody<T: Decodable>(_ type: T.Type, bytes: [UInt8]) throws(APIRequestError) -> T {
        do {
            return try JSONCoding.decode(type, from: Data(bytes))
        } catch {
            throw APIRequestError(.generalBadRequest, reason: "Invalid request. The request body is not a valid \(type).")
        }
    }
}
