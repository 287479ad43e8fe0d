import AppStoreModels
package import Hummingbird
import NIOCore
import Storekeeper
import StorekeeperApplication

/// The app's Get Retention Message endpoint (`POST /v1/apps/{app}/retention`): configure it as the
/// app's real-time URL with Apple. Like the notification webhook it takes no bearer token: the
/// body is Apple's signed request, verified before anything is read. A forged request is refused
/// 422 (`retentionRequestUnverified`), a stale one 422 (`retentionRequestStale`), a replayed one
/// 409 (`retentionRequestReplayed`); the App Store then shows the default message.
extension StorekeeperAPI {
    /// Apple's body is one short JWS.
    static let retentionBodyBytes = 16 * 1024

    func retentionRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.post("retention", use: answerRetention)
    }

    @Sendable package func answerRetention(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let services = try services(context)
        let buffer = try await RequestBodyLimit.collect(request, upTo: Self.retentionBodyBytes)
        let answered = try await services.retention.answer(Array(buffer: buffer))
        context.logger.debug(
            "retention request answered",
            metadata: [
                "storekeeper.answer": "\(answered.record.answerKind.rawValue)",
                "storekeeper.rule": "\(answered.record.ruleId ?? "-")",
            ])
        return try json(answered.body)
    }
}
