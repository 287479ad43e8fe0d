import AppStoreModels
import Foundation
package import HTTPTypes
package import Hummingbird
import NIOCore
package import Storekeeper
import StorekeeperAPIModels
package import StorekeeperApplication

/// Storekeeper's client and server-to-server API: orders, purchases, customers, wallet.
package struct StorekeeperAPI: Sendable {
    package let apps: [String: AppServices]
    package let authenticator: Authenticator
    /// What the routes carrying receipts or Apple's notifications read (`server.maxBodyBytes`);
    /// the others read far less (`RequestBodyLimit`).
    package let maxBodyBytes: Int

    package init(
        apps: [String: AppServices], authenticator: Authenticator, maxBodyBytes: Int
    ) {
        self.apps = apps
        self.authenticator = authenticator
        self.maxBodyBytes = maxBodyBytes
    }

    package func routes(_ router: Router<StorekeeperRequestContext>) {
        let app = router.group("v1/apps/:app")
        app.post("orders", use: createOrder)
        app.get("orders/:order", use: getOrder)
        app.post("orders/:order/pending", use: markOrderPending)
        app.post("orders/:order/cancel", use: cancelOrder)
        app.post("purchases", use: submitPurchase)
        app.get("customers/:customer", use: getCustomer)
        app.post("customers/:customer/spend", use: spend)
        app.put("customers/:customer/consumption-consent", use: setConsumptionConsent)
        app.post("customers/:customer/restore", use: restore)
        app.post("customers/:customer/aliases", use: addAlias)
        app.post("notifications", use: receiveNotification)
        app.get("customers/:customer/offers", use: offerSummary)
        app.get("customers/:customer/offers/introductory/:product", use: introductoryOffer)
        app.post("customers/:customer/offers/promotional", use: promotionalOffer)
        seatRoutes(app)
        retentionRoutes(app)
    }

    // MARK: Plumbing

    package func services(_ context: StorekeeperRequestContext) throws -> AppServices {
        try context.app(in: apps).services
    }

    /// The JSON body, read up to `limit` bytes: `RequestBodyLimit.smallBytes` unless the route
    /// carries receipts (`maxBodyBytes`).
    package func decode<T: Decodable>(_ type: T.Type, _ request: Request, limit: Int = RequestBodyLimit.smallBytes) async throws -> T {
        try await JSONBody.decode(type, request, limit: limit)
    }

    package func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        try JSONBody.response(value, status: status)
    }

    package func authorize(_ principal: Principal, for customerId: CustomerID) throws {
        guard principal.mayAct(for: customerId) else {
            throw StorekeeperError.forbidden("a customer token may only act for its own customer")
        }
    }

    /// What every `/customers/{customer}/...` route starts with: the app's services, the
    /// authenticated caller, and the path's customer once the caller may act for it.
    package func customerCall(
        _ request: Request, _ context: StorekeeperRequestContext
    ) async throws
        -> (services: AppServices, principal: Principal, customerId: CustomerID)
    {
        let services = try services(context)
        let principal = try await authenticator.authenticate(request, app: services.runtime.config)
        let customerId = try context.customer(in: services.customerSpace)
        try authorize(principal, for: customerId)
        return (services, principal, customerId)
    }

    // MARK: Orders

    @Sendable package func createOrder(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let services = try services(context)
        let principal = try await authenticator.authenticate(request, app: services.runtime.config)
        let body = try await decode(CreateOrderRequest.self, request)
        let customerId = try CustomerID(requested: body.customerId, field: "customerId", in: services.customerSpace)
        try authorize(principal, for: customerId)
        if let price = body.businessPrice, price.milliunits <= 0 {
            throw StorekeeperError.invalidRequest("businessPrice.milliunits must be positive")
        }
        let creation = try await services.orders.create(
            customerId: customerId, productId: body.productId, quantity: body.quantity ?? 1,
            businessMilliunits: body.businessPrice?.milliunits, storefront: body.businessPrice?.storefront,
            actor: principal.actor)
        return try json(
            OrderResponse(status: creation.status, order: OrderBody(creation.order)),
            status: creation.status == "created" ? .created : .ok)
    }

    @Sendable package func getOrder(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let services = try services(context)
        let principal = try await authenticator.authenticate(request, app: services.runtime.config)
        try await RequestBodyLimit.requireNone(request)
        let order = try await services.orders.order(try context.orderId)
        // Another app's order is not found: its id names nothing in this app.
        guard services.owns(order.customerId), principal.mayAct(for: order.customerId) else {
            throw StorekeeperError.notFound("no order \(order.id.lowercasedString)")
        }
        return try json(OrderResponse(status: nil, order: OrderBody(order)))
    }

    @Sendable package func markOrderPending(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        try await moveOrder(request, context, to: .pending)
    }

    @Sendable package func cancelOrder(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        try await moveOrder(request, context, to: .cancelled)
    }

    private func moveOrder(_ request: Request, _ context: StorekeeperRequestContext, to state: OrderState) async throws -> Response {
        let services = try services(context)
        let principal = try await authenticator.authenticate(request, app: services.runtime.config)
        try await RequestBodyLimit.requireNoneOrEmptyObject(request)
        let order = try await services.orders.move(
            try context.orderId, to: state, principal: { services.owns($0) && principal.mayAct(for: $0) },
            actor: principal.actor)
        return try json(OrderResponse(status: nil, order: OrderBody(order)))
    }

    // MARK: Purchases

    @Sendable package func submitPurchase(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let services = try services(context)
        let principal = try await authenticator.authenticate(request, app: services.runtime.config)
        let body = try await decode(SubmitPurchaseRequest.self, request, limit: maxBodyBytes)
        let customerId = try CustomerID(requested: body.customerId, field: "customerId", in: services.customerSpace)
        try authorize(principal, for: customerId)
        let submission = try await services.purchases.submit(
            customerId: customerId, proof: try body.proof(), orderId: body.orderId, actor: principal.actor)
        return try json(
            SubmitPurchaseAnswer(
                status: submission.status, transactionIds: submission.transactionIds,
                order: submission.order.map(OrderBody.init), customer: submission.customer))
    }

    // MARK: Offers

    @Sendable package func offerSummary(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (services, _, customerId) = try await customerCall(request, context)
        try await RequestBodyLimit.requireNone(request)
        return try json(OfferSummaryResponse(try await services.offers.summary(customerId)))
    }

    @Sendable package func introductoryOffer(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (services, _, customerId) = try await customerCall(request, context)
        try await RequestBodyLimit.requireNone(request)
        let product = try context.productId
        return try json(IntroDecisionResponse(try await services.offers.introductory(customerId, productId: product)))
    }

    @Sendable package func promotionalOffer(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (services, principal, customerId) = try await customerCall(request, context)
        let body = try await decode(PromotionalOfferRequest.self, request)
        return try json(
            PromotionalSignatureResponse(
                try await services.offers.promotional(
                    customerId, productId: body.productId, offerId: body.offerId, applicationUsername: body.applicationUsername,
                    actor: principal.actor)))
    }

    // MARK: Notifications

    /// Apple's webhook (set it in App Store Connect as the app's server URL, for V2 or V1).
    /// Authenticated by Apple's signature (V2) or the shared secret (V1), not by a bearer token.
    @Sendable package func receiveNotification(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let services = try services(context)
        // V1 notifications carry the customer's whole receipt.
        let buffer = try await RequestBodyLimit.collect(request, upTo: maxBodyBytes)
        switch await services.notifications.receive(Array(buffer: buffer)) {
        case .processed:
            return try json(ServiceStatusResponse(status: "processed"))
        case .duplicate:
            return try json(ServiceStatusResponse(status: "duplicate"))
        case .rejected(let reason):
            context.logger.warning("notification rejected", metadata: ["storekeeper.reason": "\(reason)"])
            return try json(ServiceStatusResponse(status: "rejected"))
        case .unauthorized:
            throw StorekeeperError.unauthorized("shared secret does not match")
        case .retry(let reason):
            throw StorekeeperError.unavailable("notification stored; processing will be retried", cause: reason)
        }
    }

    // MARK: Customers

    @Sendable package func getCustomer(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (services, _, customerId) = try await customerCall(request, context)
        try await RequestBodyLimit.requireNone(request)
        return try json(try await services.customers.view(customerId))
    }

    @Sendable package func spend(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (services, principal, customerId) = try await customerCall(request, context)
        let body = try await decode(SpendRequest.self, request)
        let result = try await services.customers.spend(
            customerId, currency: body.currency, amount: body.amount, key: body.idempotencyKey, reference: body.reference,
            actor: principal.actor)
        return try json(SpendResponse(balance: result.balance, replayed: result.replayed))
    }

    @Sendable package func setConsumptionConsent(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (services, principal, customerId) = try await customerCall(request, context)
        let body = try await decode(ConsumptionConsentRequest.self, request)
        if let minutes = body.playTimeMinutes, minutes < 0 {
            throw StorekeeperError.invalidRequest("playTimeMinutes must not be negative")
        }
        let customer = try await services.customers.setConsumptionConsent(
            customerId, consented: body.consented, playTimeMinutes: body.playTimeMinutes, actor: principal.actor)
        return try json(
            ConsumptionConsentResponse(
                customerId: customer.id.rawValue, consented: customer.consumptionConsent, playTimeMinutes: customer.playTimeMinutes))
    }

    @Sendable package func restore(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (services, principal, customerId) = try await customerCall(request, context)
        let body = try await decode(RestoreRequest.self, request, limit: maxBodyBytes)
        var proofs: [PurchaseService.Proof] = (body.signedTransactions ?? []).map { .signedTransaction($0) }
        if let receipt = body.appReceipt { proofs.append(.appReceipt(receipt)) }
        guard !proofs.isEmpty, proofs.count <= 100 else {
            throw StorekeeperError.invalidRequest("give 1–100 signedTransactions or an appReceipt")
        }
        var restored: [String] = []
        for proof in proofs {
            let submission = try await services.purchases.submit(
                customerId: customerId, proof: proof, orderId: nil, actor: principal.actor)
            restored += submission.transactionIds
        }
        return try json(RestoreResponse(restored: restored, customer: CustomerBody(try await services.customers.view(customerId))))
    }

    @Sendable package func addAlias(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let services = try services(context)
        let principal = try await authenticator.authenticate(request, app: services.runtime.config)
        let customerId = try context.customer(in: services.customerSpace)
        let body = try await decode(AliasRequest.self, request)
        let alias = try CustomerID(requested: body.alias, field: "alias", in: services.customerSpace)
        // A customer token may merge its own guest device into itself only when it also proves
        // the guest: server-to-server callers may merge any guest.
        guard case .server = principal else {
            throw StorekeeperError.forbidden("aliases are added by the app's backend with a server API key")
        }
        let view = try await services.customers.merge(
            alias, into: customerId, actor: principal.actor)
        return try json(view)
    }
}
