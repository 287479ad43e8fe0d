import AppStoreModels
import Foundation
import Hummingbird

/// The App Store Server API of one environment, with Apple's paths (from
/// ``AppStoreServerEndpoint``, the list the client uses too), query parameters, bodies, error
/// bodies and statuses, served from the simulator's state. Every call needs a valid
/// bearer token (else 401); a call beyond the enforced request budget gets a 429; injected API
/// faults answer before the endpoint does; the configured latency delays every answer.
struct ServerAPIRoutes: Sendable {
    let simulator: AppStoreSimulator
    let environment: AppStoreEnvironment

    typealias Context = BasicRequestContext

    func register(on group: RouterGroup<Context>) {
        serve(.getTransactionInfo, on: group) { (request, context, bundleId, now) throws(APIRequestError) -> Response in
            let id = context.parameters.get("transactionId") ?? ""
            return try simulator.apiCall { (engine, now) throws(APIRequestError) in
                if engine.state.appTransactions.values.contains(where: { $0.appTransactionId == id }) {
                    throw APIRequestError(
                        .appTransactionIdNotSupported, reason: "Invalid request. App transactions aren't supported by this endpoint.")
                }
                let transaction = try engine.customer(ofTransaction: id, bundleId: bundleId, environment: environment)
                return HTTPSupport.json(
                    TransactionInfoResponse(
                        signedTransactionInfo: try internalError { () throws(SimulatorError) in
                            try engine.signedTransaction(transaction, at: now)
                        }))
            }
        }
        serve(.getTransactionHistory, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let query = try TransactionHistoryRequest(queryItems: HTTPSupport.queryItems(of: request))
            return try simulator.apiCall { (engine, now) throws(APIRequestError) in
                let customer = try engine.customer(
                    ofTransactionOrApp: context.parameters.get("transactionId") ?? "", bundleId: bundleId,
                    environment: environment)
                return HTTPSupport.json(try engine.transactionHistory(of: customer, request: query, at: now))
            }
        }
        serve(.getAllSubscriptionStatuses, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let query = try AllSubscriptionStatusesRequest(queryItems: HTTPSupport.queryItems(of: request))
            return try simulator.apiCall { (engine, now) throws(APIRequestError) in
                let customer = try engine.customer(
                    ofTransactionOrApp: context.parameters.get("transactionId") ?? "", bundleId: bundleId,
                    environment: environment)
                return HTTPSupport.json(try engine.subscriptionStatuses(of: customer, statuses: query.status, at: now))
            }
        }
        serve(.getRefundHistory, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let revision = HTTPSupport.queryItems(of: request).first { $0.name == "revision" }?.value
            return try simulator.apiCall { (engine, now) throws(APIRequestError) in
                let customer = try engine.customer(
                    ofTransactionOrApp: context.parameters.get("transactionId") ?? "", bundleId: bundleId,
                    environment: environment)
                return HTTPSupport.json(try engine.refundHistory(of: customer, revision: revision, at: now))
            }
        }
        serve(.lookUpOrderId, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, now) throws(APIRequestError) in
                HTTPSupport.json(
                    try engine.lookUpOrder(
                        context.parameters.get("orderId") ?? "", bundleId: bundleId, environment: environment, at: now))
            }
        }
        serve(.getAppTransactionInfo, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, now) throws(APIRequestError) in
                let id = context.parameters.get("transactionId") ?? ""
                let record: AppTransactionRecord
                if let byAppTransaction = engine.state.appTransactions.values.first(where: {
                    $0.appTransactionId == id && $0.bundleId == bundleId
                }) {
                    record = byAppTransaction
                } else {
                    let customer = try engine.customer(ofTransaction: id, bundleId: bundleId, environment: environment)
                    guard let found = engine.state.appTransactions[customer.accountId + "\n" + bundleId] else {
                        throw APIRequestError(
                            .appTransactionDoesNotExist,
                            reason: "Invalid request. An app transaction doesn't exist for the specified customer.")
                    }
                    record = found
                }
                return HTTPSupport.json(
                    AppTransactionInfoResponse(
                        signedAppTransactionInfo: try internalError { () throws(SimulatorError) in
                            try engine.signedAppTransaction(record, at: now)
                        }))
            }
        }
        registerSubscriptionEndpoints(on: group)
        registerNotificationEndpoints(on: group)
        registerGroupEndpoints(on: group)
        registerRetentionEndpoints(on: group)
    }

    /// Registers `endpoint` at its method and path; `body` gets the request, its context, the
    /// authenticated bundle ID and the simulated time.
    func serve(
        _ endpoint: AppStoreServerEndpoint, on group: RouterGroup<Context>,
        _ body: @escaping @Sendable (Request, Context, String, Timestamp) async throws(APIRequestError) -> Response
    ) {
        group.on(Self.routerPath(of: endpoint), method: Self.httpMethod(of: endpoint)) { request, context in
            await handle(endpoint, request) { (bundleId, now) throws(APIRequestError) -> Response in
                try await body(request, context, bundleId, now)
            }
        }
    }

    /// The Hummingbird route of `endpoint`'s path template (`{name}` becomes the capture `:name`).
    static func routerPath(of endpoint: AppStoreServerEndpoint) -> RouterPath {
        RouterPath(
            endpoint.pathComponents.map { component in
                switch component {
                case .literal(let text): text
                case .parameter(let name): ":" + name
                }
            }.joined(separator: "/"))
    }

    static func httpMethod(of endpoint: AppStoreServerEndpoint) -> HTTPRequest.Method {
        switch endpoint.method {
        case "GET": .get
        case "PUT": .put
        case "POST": .post
        case "DELETE": .delete
        default: preconditionFailure("\(endpoint): no route for the method \(endpoint.method)")
        }
    }

    /// Authenticates, applies injected faults, runs `body` and turns Apple errors into Apple's
    /// error responses.
    func handle(
        _ endpoint: AppStoreServerEndpoint, _ request: Request,
        _ body: (String, Timestamp) async throws(APIRequestError) -> Response
    ) async -> Response {
        let arrival = simulator.wallClock.now
        let sequence = simulator.requestLog.arrived(endpoint: endpoint.rawValue, environment: environment, at: arrival)
        var code: Int64?
        let response = await ReceivedRequestLog.$current.withValue(sequence) {
            await answer(endpoint, request, body, arrival: arrival, code: &code)
        }
        simulator.requestLog.answered(sequence, httpStatus: Int(response.status.code), code: code)
        return response
    }

    private func answer(
        _ endpoint: AppStoreServerEndpoint, _ request: Request,
        _ body: (String, Timestamp) async throws(APIRequestError) -> Response,
        arrival: Date, code: inout Int64?
    ) async -> Response {
        let apps = simulator.engine.withLock { $0.state.apps }
        let delay = simulator.apiConditions.nextDelay()
        guard
            let bundleId = ServerAPIAuthenticator.authenticate(
                authorization: request.headers[.authorization], apps: apps, now: arrival)
        else {
            try? await Task.sleep(for: delay)
            return HTTPSupport.text("Unauthenticated\n", status: .unauthorized)
        }
        let overBudget = simulator.apiConditions.admit(endpoint, bundleId: bundleId, environment: environment, at: arrival)
        if delay > .zero { try? await Task.sleep(for: delay) }
        if let retryAt = overBudget {
            code = APIErrorCode.rateLimitExceeded.rawValue
            return HTTPSupport.apiError(
                APIRequestError(.rateLimitExceeded, reason: "Rate limit exceeded."),
                headers: [.retryAfter: String(Int64((retryAt.timeIntervalSince1970 * 1000).rounded(.up)))])
        }
        if let fault = simulator.mutate(marksDirty: false, { engine, _ in engine.consumeAPIFault(endpoint: endpoint.rawValue) }) {
            let (response, faultCode) = await respond(to: fault)
            code = faultCode.rawValue
            return response
        }
        do {
            return try await body(bundleId, simulator.now())
        } catch {
            code = error.errorCode.rawValue
            return HTTPSupport.apiError(error)
        }
    }

    private func respond(to fault: APIFaultRule) async -> (Response, APIErrorCode) {
        switch fault.kind {
        case .rateLimit:
            let retryAt = Int64(simulator.wallClock.now.timeIntervalSince1970 * 1000) + (fault.retryAfterMilliseconds ?? 1000)
            return (
                HTTPSupport.apiError(
                    APIRequestError(.rateLimitExceeded, reason: "Rate limit exceeded."),
                    headers: [.retryAfter: String(retryAt)]),
                .rateLimitExceeded
            )
        case .serverError:
            let code: APIErrorCode = fault.retryable == true ? .generalInternalRetryable : .generalInternal
            return (HTTPSupport.apiError(APIRequestError(code, reason: "An unknown error occurred.")), code)
        case .refusal:
            let code = APIErrorCode(rawValue: fault.errorCode ?? APIErrorCode.generalBadRequest.rawValue)
            return (HTTPSupport.apiError(APIRequestError(code, reason: "Invalid request.")), code)
        case .hang:
            try? await Task.sleep(for: .milliseconds(fault.hangMilliseconds ?? 30_000))
            return (
                HTTPSupport.apiError(
                    APIRequestError(.generalInternalRetryable, reason: "An unknown error occurred. Please try again.")),
                .generalInternalRetryable
            )
        }
    }
}

extension AppStoreSimulator {
    /// Runs an API endpoint's work on the engine; reads are not persisted unless they changed
    /// something.
    func apiCall<T: Sendable>(_ body: (inout SimulationEngine, Timestamp) throws(APIRequestError) -> T) throws(APIRequestError) -> T {
        try mutate(marksDirty: false, body)
    }
}

/// Maps a simulator failure inside an API call to Apple's generic internal error.
func internalError<T>(_ body: () throws(SimulatorError) -> T) throws(APIRequestError) -> T {
    do {
        return try body()
    } catch {
        throw APIRequestError(.generalInternal, reason: "An unknown error occurred.")
    }
}
