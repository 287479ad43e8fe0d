import AppStoreModels
import Foundation
import Hummingbird

/// The control API of Retention Messaging: Apple's review of uploads, the answer deadline, the
/// setup as Apple keeps it, a simulated customer opening the subscription page, and accepting the
/// offer it showed.
extension ControlRoutes {
    private struct ReviewBody: Decodable {
        var identifier: UUID
        var state: RetentionReviewState
    }

    private struct SettingsBody: Decodable {
        var review: SimulatedRetention.Review?
        var deadlineMilliseconds: Int64?
    }

    private struct PageBody: Decodable {
        var locale: String?
        var networkDelayMilliseconds: Int64?
    }

    func registerRetention(on control: RouterGroup<Context>) {
        control.get("retention/:bundleId/:environment") { _, context in
            await run {
                let (bundleId, environment) = try retentionScope(context)
                return HTTPSupport.json(simulator.retentionSetup(bundleId: bundleId, environment: environment))
            }
        }
        control.put("retention/:bundleId/:environment") { request, context in
            await run {
                let (bundleId, environment) = try retentionScope(context)
                let body = try await decode(SettingsBody.self, request)
                try simulator.configureRetention(
                    bundleId: bundleId, environment: environment, review: body.review, deadlineMilliseconds: body.deadlineMilliseconds)
                return HTTPSupport.json(simulator.retentionSetup(bundleId: bundleId, environment: environment))
            }
        }
        control.post("retention/:bundleId/:environment/review") { request, context in
            await run {
                let (bundleId, environment) = try retentionScope(context)
                let body = try await decode(ReviewBody.self, request)
                try simulator.reviewRetention(body.identifier, state: body.state, bundleId: bundleId, environment: environment)
                return HTTPSupport.empty(.noContent)
            }
        }
        control.post("subscriptions/:originalTransactionId/subscription-page") { request, context in
            await run {
                let body = try await decode(PageBody.self, request)
                return HTTPSupport.json(
                    try await simulator.openSubscriptionPage(
                        originalTransactionId: try parameter("originalTransactionId", context), locale: body.locale ?? "en-US",
                        networkDelayMilliseconds: body.networkDelayMilliseconds ?? 0))
            }
        }
        control.post("retention/requests/:requestIdentifier/accept") { _, context in
            await run {
                guard let id = UUID(uuidString: try parameter("requestIdentifier", context)) else {
                    throw SimulatorError.invalidRequest("the request identifier is not a UUID")
                }
                return HTTPSupport.json(try await simulator.acceptRetentionOffer(id))
            }
        }
    }

    private func retentionScope(_ context: Context) throws -> (String, AppStoreEnvironment) {
        let environment = AppStoreEnvironment(rawValue: try parameter("environment", context))
        guard environment == .sandbox || environment == .production else {
            throw SimulatorError.invalidRequest("the environment is Sandbox or Production")
        }
        return (try parameter("bundleId", context), environment)
    }
}
