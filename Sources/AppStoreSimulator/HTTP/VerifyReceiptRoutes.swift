import AppStoreModels
import Foundation
import Hummingbird

/// The legacy `verifyReceipt` endpoint at two paths standing for Apple's two hosts:
/// `POST /verifyReceipt/production` (buy.itunes.apple.com) and `POST /verifyReceipt/sandbox`
/// (sandbox.itunes.apple.com). Always HTTP 200 with a JSON `status`, as Apple answers.
struct VerifyReceiptRoutes: Sendable {
    let simulator: AppStoreSimulator

    func register(on router: Router<BasicRequestContext>) {
        for (path, environment) in [("production", AppStoreEnvironment.production), ("sandbox", .sandbox)] {
            router.post("verifyReceipt/\(path)") { request, _ in
                let sequence = simulator.requestLog.arrived(
                    endpoint: "verifyReceipt", environment: environment, at: simulator.wallClock.now)
                let body = (try? await HTTPSupport.body(of: request, limit: 8 << 20)) ?? []
                let response = simulator.mutate(marksDirty: false) { engine, now in
                    engine.verifyReceipt(body: body, endpoint: environment, verifier: simulator.receiptVerifier, at: now)
                }
                simulator.requestLog.answered(sequence, httpStatus: 200, code: Int64(response.status.rawValue))
                return HTTPSupport.json(response)
            }
            router.get("verifyReceipt/\(path)") { _, _ in
                HTTPSupport.json(VerifyReceiptResponse(status: .requestNotPost))
            }
        }
    }
}
