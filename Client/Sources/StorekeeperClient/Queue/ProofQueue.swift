import Foundation

/// The durable queue of unacknowledged proofs: one JSON file per transaction in a directory the
/// app chose, each written atomically (a temporary file renamed over the old one), so a kill at
/// any moment leaves either the previous file or the new one, never a torn one. A proof is on
/// disk before it is first submitted, and leaves only after Storekeeper's acknowledgement.
actor ProofQueue {
    private let directory: URL
    private var proofs: [String: QueuedProof] = [:]

    /// Opens the queue in `directory` (created if missing) and reads what a previous run left.
    init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var loaded: [String: QueuedProof] = [:]
        for file in try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        where file.pathExtension == "json" {
            // A file that does not decode was not written by this queue: it is left alone.
            guard let data = try? Data(contentsOf: file), let proof = try? JSONDecoder().decode(QueuedProof.self, from: data)
            else { continue }
            loaded[proof.transaction.id] = proof
        }
        self.proofs = loaded
    }

    /// Every queued proof, oldest first.
    var all: [QueuedProof] {
        proofs.values.sorted { ($0.queuedAt, $0.transaction.id) < ($1.queuedAt, $1.transaction.id) }
    }

    func contains(_ transactionId: String) -> Bool { proofs[transactionId] != nil }

    /// Writes `proof` to disk (keeping an order id already known for the transaction), then
    /// remembers it.
    func add(_ proof: QueuedProof) throws {
        var proof = proof
        if let known = proofs[proof.transaction.id] {
            proof.orderId = proof.orderId ?? known.orderId
            proof.attempts = known.attempts
            proof.queuedAt = known.queuedAt
        }
        try write(proof)
    }

    /// Counts one more unacknowledged submission.
    func recordAttempt(_ transactionId: String) throws {
        guard var proof = proofs[transactionId] else { return }
        proof.attempts += 1
        try write(proof)
    }

    /// Forgets the proof, on disk first.
    func remove(_ transactionId: String) throws {
        let file = url(transactionId)
        if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
        proofs[transactionId] = nil
    }

    private func write(_ proof: QueuedProof) throws {
        try JSONEncoder().encode(proof).write(to: url(proof.transaction.id), options: .atomic)
        proofs[proof.transaction.id] = proof
    }

    /// Transaction ids are digits; anything else is encoded so it cannot leave the directory.
    private func url(_ transactionId: String) -> URL {
        let safe = transactionId.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII }
        let name = safe ? transactionId : Data(transactionId.utf8).base64EncodedString().replacingOccurrences(of: "/", with: "_")
        return directory.appendingPathComponent(name + ".json")
    }
}
