import AppStoreModels
import Foundation
import Hummingbird

extension ControlRoutes {
    private struct AutoRenewBody: Decodable { var enabled: Bool }
    private struct ProductBody: Decodable { var productId: String }
    private struct PaymentBody: Decodable { var fails: Bool }
    private struct BundleBody: Decodable { var bundleId: String }
    private struct ReasonBody: Decodable { var reason: ConsumptionRequestReason }
    private struct RefundBody: Decodable {
        var reason: RevocationReason?
        var percentage: Int32?
    }
    private struct MemberBody: Decodable { var memberAccountId: String? }
    private struct EnvironmentBody: Decodable { var environment: AppStoreEnvironment? }
    private struct PriceIncreaseBody: Decodable {
        var storefront: String
        var newPrice: Int64
        var requiresConsent: Bool?
    }
    private struct AvailabilityBody: Decodable { var availableForSale: Bool }
    private struct MassExtensionBody: Decodable {
        var environment: AppStoreEnvironment?
        var request: MassExtendRenewalDateRequest
    }

    private static var ok: Response { HTTPSupport.json(["ok": true]) }

    func registerOperations(on control: RouterGroup<Context>) {
        control.post("purchases") { request, _ in
            await run { HTTPSupport.json(try await simulator.purchase(try await decode(PurchaseRequest.self, request))) }
        }
        control.post("subscriptions/:originalTransactionId/auto-renew") { request, context in
            await run {
                let body = try await decode(AutoRenewBody.self, request)
                try await simulator.setAutoRenew(
                    originalTransactionId: try parameter("originalTransactionId", context), enabled: body.enabled)
                return Self.ok
            }
        }
        control.post("subscriptions/:originalTransactionId/renewal-preference") { request, context in
            await run {
                let body = try await decode(ProductBody.self, request)
                return HTTPSupport.json(
                    try await simulator.changeRenewalPreference(
                        originalTransactionId: try parameter("originalTransactionId", context), productId: body.productId))
            }
        }
        control.post("subscriptions/:originalTransactionId/recover") { _, context in
            await run {
                try await simulator.recover(originalTransactionId: try parameter("originalTransactionId", context))
                return Self.ok
            }
        }
        control.post("subscriptions/:originalTransactionId/price-consent") { _, context in
            await run {
                try await simulator.consentToPriceIncrease(originalTransactionId: try parameter("originalTransactionId", context))
                return Self.ok
            }
        }
        control.post("subscriptions/:originalTransactionId/extend") { request, context in
            await run {
                HTTPSupport.json(
                    try await simulator.extendRenewalDate(
                        originalTransactionId: try parameter("originalTransactionId", context),
                        request: try await decode(ExtendRenewalDateRequest.self, request)))
            }
        }
        control.post("apps/:bundleId/products/:productId/price-increase") { request, context in
            await run {
                let body = try await decode(PriceIncreaseBody.self, request)
                let notified = try await simulator.increasePrice(
                    bundleId: try parameter("bundleId", context), productId: try parameter("productId", context),
                    storefront: body.storefront, newPrice: body.newPrice, requiresConsent: body.requiresConsent ?? true)
                return HTTPSupport.json(["originalTransactionIds": notified])
            }
        }
        control.post("apps/:bundleId/products/:productId/availability") { request, context in
            await run {
                let body = try await decode(AvailabilityBody.self, request)
                try simulator.setAvailability(
                    bundleId: try parameter("bundleId", context), productId: try parameter("productId", context),
                    availableForSale: body.availableForSale)
                return Self.ok
            }
        }
        control.post("apps/:bundleId/mass-extensions") { request, context in
            await run {
                let body = try await decode(MassExtensionBody.self, request)
                return HTTPSupport.json(
                    try await simulator.extendAllRenewalDates(
                        bundleId: try parameter("bundleId", context), environment: body.environment ?? .sandbox,
                        request: body.request))
            }
        }
        control.post("apps/:bundleId/test-notification") { request, context in
            await run {
                let body = try await decode(EnvironmentBody.self, request)
                let token = try await simulator.requestTestNotification(
                    bundleId: try parameter("bundleId", context), environment: body.environment ?? .sandbox)
                return HTTPSupport.json(SendTestNotificationResponse(testNotificationToken: token))
            }
        }
        control.post("accounts/:accountId/payment") { request, context in
            await run {
                let body = try await decode(PaymentBody.self, request)
                try await simulator.setPaymentFails(accountId: try parameter("accountId", context), fails: body.fails)
                return Self.ok
            }
        }
        control.post("accounts/:accountId/restore") { request, context in
            await run {
                let body = try await decode(BundleBody.self, request)
                return HTTPSupport.json(
                    try await simulator.restorePurchases(accountId: try parameter("accountId", context), bundleId: body.bundleId))
            }
        }
        registerRefundOperations(on: control)
    }

    private func registerRefundOperations(on control: RouterGroup<Context>) {
        control.post("transactions/:transactionId/refund-request") { request, context in
            await run {
                let body = try await decode(ReasonBody.self, request)
                try await simulator.requestRefund(transactionId: try parameter("transactionId", context), reason: body.reason)
                return Self.ok
            }
        }
        control.post("transactions/:transactionId/refund") { request, context in
            await run {
                let body = try await decode(RefundBody.self, request)
                try await simulator.refund(
                    transactionId: try parameter("transactionId", context), reason: body.reason ?? .other,
                    percentage: body.percentage)
                return Self.ok
            }
        }
        control.post("transactions/:transactionId/refund-decline") { _, context in
            await run {
                try await simulator.declineRefund(transactionId: try parameter("transactionId", context))
                return Self.ok
            }
        }
        control.post("transactions/:transactionId/refund-reversal") { _, context in
            await run {
                try await simulator.reverseRefund(transactionId: try parameter("transactionId", context))
                return Self.ok
            }
        }
        control.post("transactions/:transactionId/family-revoke") { request, context in
            await run {
                let body = try await decode(MemberBody.self, request)
                let revoked = try await simulator.revokeFamilySharing(
                    transactionId: try parameter("transactionId", context), memberAccountId: body.memberAccountId)
                return HTTPSupport.json(["revokedTransactionIds": revoked])
            }
        }
    }

    private struct AdvanceBody: Decodable {
        var milliseconds: Int64?
        var seconds: Double?
        var period: ISOPeriod?
    }

    func registerClockAndFaults(on control: RouterGroup<Context>) {
        control.get("clock") { _, _ in
            let reading = simulator.clockReading()
            return HTTPSupport.json(
                [
                    "now": AnyEncodable(reading.now), "mode": AnyEncodable(reading.mode),
                    "offsetMilliseconds": AnyEncodable(reading.now.millisecondsSince1970 - reading.wall.millisecondsSince1970),
                    "durationMode": AnyEncodable(simulator.durationMode),
                ])
        }
        control.post("clock/advance") { request, _ in
            await run {
                let body = try await decode(AdvanceBody.self, request)
                if let period = body.period {
                    try await simulator.advance(by: period)
                } else if let milliseconds = body.milliseconds ?? body.seconds.map({ Int64($0 * 1000) }) {
                    try await simulator.advance(byMilliseconds: milliseconds)
                } else {
                    throw SimulatorError.invalidRequest("give milliseconds, seconds or period (e.g. \"P1M\")")
                }
                return HTTPSupport.json(["now": simulator.now()])
            }
        }
        control.post("deliver") { _, _ in
            await simulator.runDueWork()
            return Self.ok
        }
        control.get("faults") { _, _ in HTTPSupport.json(simulator.snapshot().faults) }
        control.post("faults/notifications") { request, _ in
            await run { HTTPSupport.json(simulator.addFault(try await decode(NotificationFaultRule.self, request))) }
        }
        control.post("faults/api") { request, _ in
            await run { HTTPSupport.json(simulator.addFault(try await decode(APIFaultRule.self, request))) }
        }
        control.post("faults/verify-receipt") { request, _ in
            await run { HTTPSupport.json(simulator.addFault(try await decode(ReceiptFaultRule.self, request))) }
        }
        control.get("latency") { _, _ in HTTPSupport.json(simulator.apiLatency) }
        control.put("latency") { request, _ in
            await run {
                let latency = try await decode(APILatency.self, request)
                simulator.setAPILatency(latency)
                return HTTPSupport.json(latency)
            }
        }
        control.get("budget") { _, _ in HTTPSupport.json(["budget": simulator.apiRateBudget]) }
        control.put("budget") { request, _ in
            await run {
                let budget = try await decode(APIRateBudget.self, request)
                simulator.setAPIRateBudget(budget)
                return HTTPSupport.json(["budget": budget])
            }
        }
        control.delete("budget") { _, _ in
            simulator.setAPIRateBudget(nil)
            return Self.ok
        }
        control.delete("faults") { _, _ in
            await simulator.clearFaults()
            return Self.ok
        }
    }
}
