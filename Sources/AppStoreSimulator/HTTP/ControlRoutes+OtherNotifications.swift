import AppStoreModels
import Hummingbird

/// The control API of the notifications no In-App Purchase event causes: Advanced Commerce API
/// changes, external purchase tokens, rescinded consent. Each answers the notification's
/// `notificationUUID` (and a token's `externalPurchaseId`).
extension ControlRoutes {
    private struct AdvancedCommerceBody: Decodable {
        var notificationType: NotificationTypeV2
        var renewalPrice: Int64?
    }
    private struct ExternalPurchaseTokenBody: Decodable {
        var subtype: NotificationSubtype
        var environment: AppStoreEnvironment?
        var externalPurchaseId: String?
        var tokenType: ExternalPurchaseTokenType?
    }
    private struct ConsentBody: Decodable { var bundleId: String }

    func registerOtherNotifications(on control: RouterGroup<Context>) {
        control.post("subscriptions/:originalTransactionId/advanced-commerce") { request, context in
            await run {
                let body = try await decode(AdvancedCommerceBody.self, request)
                let record = try await simulator.sendAdvancedCommerceNotification(
                    body.notificationType, originalTransactionId: try parameter("originalTransactionId", context),
                    renewalPrice: body.renewalPrice)
                return HTTPSupport.json(["notificationUUID": record.notificationUUID])
            }
        }
        control.post("apps/:bundleId/external-purchase-tokens") { request, context in
            await run {
                let body = try await decode(ExternalPurchaseTokenBody.self, request)
                let sent = try await simulator.sendExternalPurchaseToken(
                    bundleId: try parameter("bundleId", context), environment: body.environment ?? .sandbox,
                    subtype: body.subtype, externalPurchaseId: body.externalPurchaseId, tokenType: body.tokenType)
                return HTTPSupport.json([
                    "notificationUUID": sent.notification.notificationUUID,
                    "externalPurchaseId": sent.token.externalPurchaseId,
                ])
            }
        }
        control.post("accounts/:accountId/rescind-consent") { request, context in
            await run {
                let body = try await decode(ConsentBody.self, request)
                let record = try await simulator.rescindConsent(
                    accountId: try parameter("accountId", context), bundleId: body.bundleId)
                return HTTPSupport.json(["notificationUUID": record.notificationUUID])
            }
        }
    }
}
