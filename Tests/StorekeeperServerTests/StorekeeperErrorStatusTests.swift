import AppStoreAPI
import AppStoreModels
import AppStoreVerification
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// The HTTP edge's one mapping from an error's kind to its status and headers, and the statuses
/// every factory and conversion of `StorekeeperError` answered when the status was still chosen
/// where the error was thrown.
@Suite struct StorekeeperErrorStatusTests {
    /// Every kind, its status, and the header that goes with it (`Retry-After` on 503, so clients
    /// back off; `Connection: close` on 413, so a refused body is not read).
    static let mapping: [(StorekeeperError.Kind, HTTPResponse.Status, HTTPField.Name?)] = [
        (.invalidRequest, .badRequest, nil),
        (.unauthenticated, .unauthorized, nil),
        (.forbidden, .forbidden, nil),
        (.notFound, .notFound, nil),
        (.conflict, .conflict, nil),
        (.rejected, .unprocessableContent, nil),
        (.tooLarge, .contentTooLarge, .connection),
        (.upstreamFailure, .badGateway, nil),
        (.unavailable, .serviceUnavailable, .retryAfter),
        (.internalFailure, .internalServerError, nil),
    ]

    @Test func theMappingCoversEveryKindOnce() {
        #expect(Self.mapping.map(\.0) == StorekeeperError.Kind.allCases)
    }

    /// `error` thrown by a route behind `ErrorMiddleware`, as it reaches a client: the status,
    /// the headers and the body's `error` object.
    static func answer(to error: any Error & Sendable) async throws -> (HTTPResponse.Status, HTTPFields, [String: String]) {
        let response = try await ErrorMiddlewareTests.respond(to: error)
        let body = try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any]
        return (response.status, response.headers, try #require(body?["error"] as? [String: String]))
    }

    /// Through `ErrorMiddleware`: the kind's status, the error's own code and message, and only
    /// the header its status calls for.
    @Test(arguments: mapping.indices)
    func eachKindAnswersItsStatusAndHeaders(_ index: Int) async throws {
        let (kind, status, header) = Self.mapping[index]
        let error = StorekeeperError(.init(rawValue: "someCode"), "some message", kind: kind, verificationCode: "someVerification")
        #expect(error.status == status)
        let (answered, headers, detail) = try await Self.answer(to: error)
        #expect(answered == status)
        #expect(headers[.contentType] == "application/json")
        #expect(headers[.retryAfter] == (header == .retryAfter ? "5" : nil))
        #expect(headers[.connection] == (header == .connection ? "close" : nil))
        #expect(detail == ["code": "someCode", "message": "some message", "verificationCode": "someVerification"])
    }

    /// Errors of other layers carry no status: a service converts them to a `StorekeeperError`
    /// of the right kind (`verification(_:)`, `AppleSide.error(_:)`, the reconciliation route),
    /// and one that reaches the edge unconverted is a defect, answered as a generic 500.
    static let otherLayers: [any Error & Sendable] = [
        ConfigurationError(key: "apps", "is required"),
        ReconciliationError(.noReport, "no report"),
        ReportImportError(.vendorUnknown, "no vendor"),
        AppStoreAPIError(.notFound, "unknown", httpStatus: 404, errorCode: .transactionIdNotFound),
        VerificationError.invalidSignature("bad"),
        PurchaseStoreError(.notFound, "no such row"),
    ]

    @Test(arguments: otherLayers.indices)
    func errorsOfOtherLayersChooseNoStatus(_ index: Int) async throws {
        let (status, _, detail) = try await Self.answer(to: Self.otherLayers[index])
        #expect(status == .internalServerError)
        #expect(detail == ["code": "internalError", "message": "internal error"])
    }

    /// A factory or conversion, what it made, and the status and code it answered before the
    /// status moved to the edge.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let error: StorekeeperError
        let status: HTTPResponse.Status
        let code: String
        var testDescription: String { name }
    }

    static func grant(_ code: OperatorGrantError.Code) -> StorekeeperError { .grant(OperatorGrantError(code, "refused")) }
    static func order(_ code: OrderError.Code) -> StorekeeperError { .order(OrderError(code, "refused")) }
    static func apple(_ code: APIErrorCode?, httpStatus: Int, _ error: AppStoreAPIError.Code = .forbidden) -> StorekeeperError {
        AppleSide.error(AppStoreAPIError(error, "refused", httpStatus: httpStatus, errorCode: code))
    }

    static let factories: [Case] = [
        Case(name: "invalidRequest", error: .invalidRequest("m"), status: .badRequest, code: "invalidRequest"),
        Case(name: "nulCharacter", error: .nulCharacter("m"), status: .badRequest, code: "nulCharacter"),
        Case(name: "invalidNonce", error: .invalidNonce("m"), status: .badRequest, code: "invalidNonce"),
        Case(name: "unauthorized", error: .unauthorized(), status: .unauthorized, code: "unauthorized"),
        Case(name: "forbidden", error: .forbidden("m"), status: .forbidden, code: "forbidden"),
        Case(name: "notFound", error: .notFound("m"), status: .notFound, code: "notFound"),
        Case(name: "conflict", error: .conflict("m"), status: .conflict, code: "conflict"),
        Case(name: "unavailable", error: .unavailable("m"), status: .serviceUnavailable, code: "temporarilyUnavailable"),
        Case(
            name: "verification, retryable", error: .verification(.retryable("OCSP unreachable")), status: .serviceUnavailable,
            code: "temporarilyUnavailable"),
        Case(
            name: "verification, rejected", error: .verification(.invalidSignature("bad")), status: .unprocessableContent,
            code: "invalidSignature"),
        Case(
            name: "grant, unknown entitlement", error: grant(.unknownEntitlement), status: .unprocessableContent, code: "unknownEntitlement"
        ),
        Case(name: "grant, invalid term", error: grant(.invalidTerm), status: .badRequest, code: "invalidGrantTerm"),
        Case(name: "grant, already revoked", error: grant(.alreadyRevoked), status: .conflict, code: "grantAlreadyRevoked"),
        Case(name: "grant, already ended", error: grant(.alreadyEnded), status: .conflict, code: "grantAlreadyEnded"),
        Case(name: "order, invalid failure code", error: order(.invalidFailureCode), status: .badRequest, code: "invalidFailureCode"),
        Case(name: "order, invalid quantity", error: order(.invalidQuantity), status: .badRequest, code: "invalidQuantity"),
        Case(name: "order, invalid transition", error: order(.invalidTransition), status: .conflict, code: "invalidOrderTransition"),
        Case(name: "order, product mismatch", error: order(.productMismatch), status: .conflict, code: "orderProductMismatch"),
        Case(name: "order, already delivered", error: order(.alreadyDelivered), status: .conflict, code: "orderAlreadyDelivered"),
        Case(
            name: "Apple, retryable", error: apple(nil, httpStatus: 500, .serverError), status: .serviceUnavailable,
            code: "temporarilyUnavailable"),
        Case(
            name: "Apple, extension limit", error: apple(.subscriptionMaxExtension, httpStatus: 403), status: .conflict,
            code: "extensionLimitReached"),
        Case(
            name: "Apple, extension ineligible", error: apple(.subscriptionExtensionIneligible, httpStatus: 403), status: .conflict,
            code: "extensionIneligible"),
        Case(
            name: "Apple, Family Sharing", error: apple(.familySharedSubscriptionExtensionIneligible, httpStatus: 403),
            status: .conflict, code: "extensionIneligible"),
        Case(
            name: "Apple, unknown transaction", error: apple(.transactionIdNotFound, httpStatus: 404, .notFound), status: .notFound,
            code: "notFound"),
        Case(
            name: "Apple, invalid request", error: apple(.invalidExtendByDays, httpStatus: 400, .invalidRequest), status: .badRequest,
            code: "invalidRequest"),
        Case(
            name: "Apple, other refusal", error: apple(APIErrorCode(rawValue: 4_030_999), httpStatus: 403), status: .badGateway,
            code: "appleRefused"),
    ]

    @Test(arguments: factories)
    func everyFactoryKeepsItsStatus(_ factory: Case) {
        #expect(factory.error.status == factory.status)
        #expect(factory.error.code.rawValue == factory.code)
    }
}
