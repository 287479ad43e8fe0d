import AppStoreModels
import Logging

extension AppStoreSimulator {
    /// Brings the state up to the simulated now and delivers every notification attempt due,
    /// earliest first, recording each attempt. Callers are served one at a time, so
    /// notifications leave in order. A caller cancelled while another one delivers returns without
    /// delivering (the work stays due for the next caller).
    public func runDueWork() async {
        _ = try? await gate.run {
            while let job = claimNextJob() {
                let results = await perform(job)
                engine.withLock { engine in
                    engine.recordAttempt(job, results: results)
                    persist(&engine)
                }
            }
        }
    }

    private func claimNextJob() -> DeliveryJob? {
        engine.withLock { engine in
            let now = engine.state.clock.now(wall: wallClock.now)
            bringUpToDate(&engine, now: now)
            let job = engine.claimDueDelivery(at: now)
            persist(&engine)
            return job
        }
    }

    /// One attempt: every body of the notification (V1 events may have two), twice when a
    /// duplicate fault applies; a dropped notification is never sent.
    private func perform(_ job: DeliveryJob) async -> [SendAttemptResult] {
        guard !job.dropped else { return [.noResponse] }
        var result = SendAttemptResult.success
        for body in job.bodies where result == .success {
            result = await transport.post(body, to: job.url)
        }
        if result != .success {
            logger.info(
                "notification delivery failed",
                metadata: ["storekeeper.notification_uuid": "\(job.notificationUUID)", "storekeeper.result": "\(result)"])
            return [result]
        }
        guard job.duplicated else { return [result] }
        var second = SendAttemptResult.success
        for body in job.bodies where second == .success {
            second = await transport.post(body, to: job.url)
        }
        return [result, second]
    }
}
