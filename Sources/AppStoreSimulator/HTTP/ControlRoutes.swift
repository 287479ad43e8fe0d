import AppStoreModels
import AppStoreVerification
import Foundation
import Hummingbird

/// The JSON control API under `/control`: configure apps, catalog and accounts, drive every
/// lifecycle operation, move the clock, inject faults and read state. Errors answer
/// `{"error": code, "reason": text}` with 400/402/404/409; API-style operations answer Apple's
/// error body. See `docs/SIMULATOR.md` for every route.
struct ControlRoutes: Sendable {
    let simulator: AppStoreSimulator

    typealias Context = BasicRequestContext

    func register(on router: Router<Context>) {
        let control = router.group("control")
        registerConfiguration(on: control)
        registerOperations(on: control)
        registerClockAndFaults(on: control)
        registerReads(on: control)
        registerReports(on: control)
        registerSeats(on: control)
        registerOtherNotifications(on: control)
        registerRetention(on: control)
    }

    /// Runs a control handler, mapping failures to JSON error responses.
    func run(_ body: () async throws -> Response) async -> Response {
        do {
            return try await body()
        } catch let error as SimulatorError {
            return HTTPSupport.controlError(error)
        } catch let error as APIRequestError {
            return HTTPSupport.apiError(error)
        } catch {
            return HTTPSupport.controlError(.invalidRequest("\(error)"))
        }
    }

    func decode<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T {
        let bytes: [UInt8]
        do {
            bytes = try await HTTPSupport.body(of: request, limit: 4 << 20)
        } catch {
            throw SimulatorError.invalidRequest("the body is unreadable or larger than 4 MB")
        }
        return try HTTPSupport.decode(type, from: bytes.isEmpty ? Array("{}".utf8) : bytes)
    }

    func parameter(_ name: String, _ context: Context) throws -> String {
        guard let value = context.parameters.get(name), !value.isEmpty else {
            throw SimulatorError.invalidRequest("missing path parameter \(name)")
        }
        return value
    }

    func query(_ name: String, _ request: Request) -> String? {
        HTTPSupport.queryItems(of: request).first { $0.name == name }?.value
    }

    private struct Credentials: Encodable {
        var bundleId: String
        var appAppleId: Int64
        var sharedSecret: String
        var apiKey: SimulatedApp.APIKey?
        var offerKeys: [SimulatedApp.OfferKey]
    }

    private func registerConfiguration(on control: RouterGroup<Context>) {
        control.put("apps") { request, _ in
            await run { HTTPSupport.json(try simulator.configureApp(try await decode(SimulatedApp.self, request))) }
        }
        control.get("apps/:bundleId/credentials") { _, context in
            await run {
                let app = try simulator.credentials(bundleId: try parameter("bundleId", context))
                return HTTPSupport.json(
                    Credentials(
                        bundleId: app.bundleId, appAppleId: app.appAppleId, sharedSecret: app.sharedSecret,
                        apiKey: app.apiKey, offerKeys: app.offerKeys))
            }
        }
        control.post("apps/:bundleId/api-token") { _, context in
            await run {
                let app = try simulator.credentials(bundleId: try parameter("bundleId", context))
                guard let key = app.apiKey, let pem = key.privateKeyPEM else {
                    throw SimulatorError.invalidState("the app's API key was supplied from outside; sign tokens with its .p8")
                }
                let token = try AppStoreServerAPIToken(
                    privateKey: try ES256Signer.privateKey(p8: pem), keyId: key.keyId, issuerId: key.issuerId,
                    bundleId: app.bundleId)
                return HTTPSupport.json(["token": try token.token(issuedAt: simulator.wallClock.now)])
            }
        }
        control.put("apps/:bundleId/products") { request, context in
            await run {
                let bundleId = try parameter("bundleId", context)
                try simulator.upsertProducts(try await decode([CatalogProduct].self, request), bundleId: bundleId)
                return HTTPSupport.json(try simulator.credentials(bundleId: bundleId).products)
            }
        }
        control.put("accounts") { request, _ in
            await run {
                let account = try await decode(SimulatedAccount.self, request)
                try simulator.upsertAccount(account)
                return HTTPSupport.json(account)
            }
        }
        control.put("storefronts") { request, _ in
            await run {
                let storefront = try await decode(Storefront.self, request)
                try simulator.upsertStorefront(storefront)
                return HTTPSupport.json(storefront)
            }
        }
    }

    private func registerReads(on control: RouterGroup<Context>) {
        control.get("state") { _, _ in HTTPSupport.json(simulator.snapshot()) }
        control.get("notifications") { request, _ in
            let bundleId = query("bundleId", request)
            return HTTPSupport.json(simulator.notifications(bundleId: bundleId).map(NotificationSummary.init))
        }
        control.get("transactions/:transactionId") { _, context in
            await run {
                let id = try parameter("transactionId", context)
                guard let transaction = simulator.transaction(id: id) else {
                    throw SimulatorError.notFound("no transaction \(id)")
                }
                return HTTPSupport.json(
                    [
                        "transaction": AnyEncodable(transaction.payload),
                        "signedTransaction": AnyEncodable(try simulator.signedTransaction(id: id)),
                    ])
            }
        }
        control.get("subscriptions/:originalTransactionId") { _, context in
            await run {
                let id = try parameter("originalTransactionId", context)
                guard let subscription = simulator.subscription(originalTransactionId: id) else {
                    throw SimulatorError.notFound("no subscription \(id)")
                }
                return HTTPSupport.json(subscription)
            }
        }
        control.get("accounts/:accountId/receipt") { request, context in
            await run {
                let receipt = try simulator.appReceipt(
                    accountId: try parameter("accountId", context), bundleId: try requiredQuery("bundleId", request))
                return HTTPSupport.json(["receipt-data": receipt])
            }
        }
        control.get("accounts/:accountId/app-transaction") { request, context in
            await run {
                let signed = try simulator.signedAppTransaction(
                    accountId: try parameter("accountId", context), bundleId: try requiredQuery("bundleId", request))
                return HTTPSupport.json(AppTransactionInfoResponse(signedAppTransactionInfo: signed))
            }
        }
        control.get("consumption-reports") { _, _ in HTTPSupport.json(simulator.consumptionReports()) }
        control.get("requests") { _, _ in HTTPSupport.json(simulator.receivedRequests()) }
        control.delete("requests") { _, _ in
            simulator.clearReceivedRequests()
            return HTTPSupport.empty(.noContent)
        }
    }

    func requiredQuery(_ name: String, _ request: Request) throws -> String {
        guard let value = query(name, request), !value.isEmpty else {
            throw SimulatorError.invalidRequest("missing query parameter \(name)")
        }
        return value
    }
}

/// A notification as the control API lists it: what it is, where it went, every attempt.
struct NotificationSummary: Encodable {
    var notificationUUID: String
    var bundleId: String
    var environment: AppStoreEnvironment
    var notificationType: NotificationTypeV2
    var subtype: NotificationSubtype?
    var signedDate: Timestamp
    var transactionId: String?
    var originalTransactionId: String?
    var url: String?
    var delivered: Bool
    var dropped: Bool
    var nextAttemptDue: Timestamp?
    var sendAttempts: [SendAttemptItem]
    var signedPayload: String

    init(_ record: NotificationRecord) {
        notificationUUID = record.notificationUUID
        bundleId = record.bundleId
        environment = record.environment
        notificationType = record.notificationType
        subtype = record.subtype
        signedDate = record.signedDate
        transactionId = record.transactionId
        originalTransactionId = record.originalTransactionId
        url = record.url
        delivered = record.wasDelivered
        dropped = record.dropped
        nextAttemptDue = record.nextAttemptDue
        sendAttempts = record.sendAttempts
        signedPayload = record.signedPayload
    }
}

/// Type erasure for mixed JSON objects.
struct AnyEncodable: Encodable {
    private let encodeValue: (any Encoder) throws -> Void

    init<T: Encodable>(_ value: T) {
        encodeValue = value.encode(to:)
    }

    func encode(to encoder: any Encoder) throws { try encodeValue(encoder) }
}
