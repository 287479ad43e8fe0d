import Foundation
import StorekeeperAPIModels

extension PurchaseClient {
    /// A transaction from StoreKit's updates: queued, then submitted.
    func received(_ transaction: StoreTransaction) async {
        do {
            try await queue.add(QueuedProof(transaction: transaction, orderId: nil, queuedAt: configuration.now()))
        } catch {
            // Not on disk: StoreKit keeps it unfinished, and the next launch submits it.
            return
        }
        _ = await submit(transaction.id)
        scheduleDrainIfNeeded()
    }

    /// Submits every queued proof once, oldest first; returns how many remain.
    @discardableResult
    public func drainQueue() async -> Int {
        for proof in await queue.all { _ = await submit(proof.transaction.id) }
        return await queue.all.count
    }

    /// Submits one queued proof; a submission of it already under way is joined, not repeated,
    /// so that a transaction is finished once.
    func submit(_ transactionId: String) async -> PurchaseOutcome {
        if let running = submissions[transactionId] { return await running.value }
        let submission = Task { await self.submitNow(transactionId) }
        submissions[transactionId] = submission
        let outcome = await submission.value
        submissions[transactionId] = nil
        return outcome
    }

    /// Submits one queued proof. Only a verified `recorded` / `replayed` acknowledges it (the
    /// proof leaves the queue, then the transaction is finished). A verified refusal that no retry
    /// can change (a 4xx other than 401, 408 and 429, or another customer's purchase) removes it
    /// without finishing. Anything else keeps it queued.
    private func submitNow(_ transactionId: String) async -> PurchaseOutcome {
        guard let proof = await queue.all.first(where: { $0.transaction.id == transactionId }) else {
            return .awaitingServer(transactionId: transactionId, reason: "not queued")
        }
        let request = SubmitPurchaseRequest(
            customerId: configuration.customerId, signedTransaction: proof.transaction.signedTransaction, orderId: proof.orderId)
        let raw: StorekeeperConnection.RawAnswer
        do {
            raw = try await connection.send("POST", "/purchases", body: request)
        } catch {
            try? await queue.recordAttempt(transactionId)
            return .awaitingServer(transactionId: transactionId, reason: "\(error)")
        }
        if case .unverified(let why) = raw.verification {
            try? await queue.recordAttempt(transactionId)
            return .awaitingServer(transactionId: transactionId, reason: "unverified answer: \(why)")
        }
        if (200..<300).contains(raw.status), let answer = try? JSONDecoder().decode(SubmitPurchaseResponse.self, from: raw.body) {
            switch answer.status {
            case "recorded", "replayed":
                // Off the queue first: a kill between the two leaves an unfinished transaction,
                // which the next launch submits again (a replay), never a finished one that
                // Storekeeper lacks.
                do { try await queue.remove(transactionId) } catch {
                    return .awaitingServer(transactionId: transactionId, reason: "the queue could not be written: \(error)")
                }
                await storeKit.finish(transactionId)
                accept(answer.customer)
                return .delivered(transactionId: transactionId, customer: answer.customer)
            default:
                try? await queue.remove(transactionId)
                accept(answer.customer)
                return .refused(transactionId: transactionId, serverCode: answer.status)
            }
        }
        if (400..<500).contains(raw.status), ![401, 408, 429].contains(raw.status) {
            try? await queue.remove(transactionId)
            let code = (try? JSONDecoder().decode(APIErrorBody.self, from: raw.body))?.error.code ?? "http\(raw.status)"
            return .refused(transactionId: transactionId, serverCode: code)
        }
        try? await queue.recordAttempt(transactionId)
        return .awaitingServer(transactionId: transactionId, reason: "Storekeeper answered \(raw.status)")
    }

    /// Starts a background drain with backoff when proofs wait and none runs.
    func scheduleDrainIfNeeded() {
        guard drainer == nil else { return }
        drainer = Task { [weak self] in
            var attempt = 0
            while !Task.isCancelled {
                guard let self else { return }
                let remaining = await self.queue.all.count
                if remaining == 0 { break }
                let delay = self.configuration.retry.delay(attempt: attempt)
                do { try await Task.sleep(for: delay) } catch { break }
                let left = await self.drainQueue()
                attempt = left < remaining ? 0 : attempt + 1
            }
            await self?.drainEnded()
        }
    }

    private func drainEnded() { drainer = nil }
}
