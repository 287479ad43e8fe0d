import AppStoreModels
import AppStoreVerification
import Foundation
import StorekeeperAPIModels
import Synchronization

/// Mints request bodies for the write benchmarks: every body carries a NEW consumable
/// transaction (its own `transactionId`) signed by the benchmark's Apple-shaped chain, so every
/// request does the full work (verify, commit, respond) and none is a replay.
struct BodyMint {
    let signer: ES256Signer
    /// Makes ids unique across runs against the same database (PostgreSQL keeps its rows).
    let nonce = String(UInt64(Date().timeIntervalSince1970 * 1000))

    /// A consumable purchase of 100 gems, as StoreKit 2 signs it on the device.
    func transaction(_ index: Int, now: Timestamp) throws -> String {
        let id = nonce + String(format: "%08d", index)
        let payload = JWSTransactionDecodedPayload(
            transactionId: id, originalTransactionId: id, bundleId: BenchmarkStack.bundleId,
            productId: BenchmarkStack.gems, purchaseDate: now, originalPurchaseDate: now, quantity: 1, type: .consumable,
            appAccountToken: UUID.random(), inAppOwnershipType: .purchased, signedDate: now, environment: .production,
            storefront: "USA", storefrontId: "143441", transactionReason: .purchase, price: 990, currency: "USD")
        return try signer.sign(payload)
    }

    /// `POST /v1/apps/<app>/purchases`: a new buyer presenting a new transaction.
    func purchaseBody(_ index: Int, now: Timestamp) throws -> String {
        let body = SubmitPurchaseRequest(customerId: "buyer-\(nonce)-\(index)", signedTransaction: try transaction(index, now: now))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(body), as: UTF8.self)
    }

    /// Apple's V2 webhook body: a signed `ONE_TIME_CHARGE` carrying a new consumable
    /// transaction, with its own `notificationUUID`.
    func notificationBody(_ index: Int, now: Timestamp) throws -> String {
        let payload = ResponseBodyV2DecodedPayload(
            notificationType: .oneTimeCharge, notificationUUID: UUID.random().lowercasedString,
            data: NotificationData(
                appAppleId: BenchmarkStack.appAppleId, bundleId: BenchmarkStack.bundleId, bundleVersion: "42",
                environment: .production, signedTransactionInfo: try transaction(index, now: now)),
            version: "2.0", signedDate: now)
        let body = ["signedPayload": try signer.sign(payload)]
        return String(decoding: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Writes `count` bodies, one per line, minted on every core; returns the file.
    func write(
        count: Int, to url: URL, _ make: @Sendable @escaping (BodyMint, Int, Timestamp) throws -> String
    ) throws -> URL {
        let now = Timestamp(Date())
        let chunks = max(1, ProcessInfo.processInfo.activeProcessorCount * 4)
        let perChunk = (count + chunks - 1) / chunks
        let results = Mutex<[Int: Result<String, any Error>]>([:])
        let mint = self
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var text = ""
            let range = min(count, chunk * perChunk)..<min(count, (chunk + 1) * perChunk)
            do {
                for index in range {
                    text += try make(mint, index, now)
                    text += "\n"
                }
                results.withLock { $0[chunk] = .success(text) }
            } catch {
                results.withLock { $0[chunk] = .failure(error) }
            }
        }
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchmarkFailure("cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let parts = results.withLock { $0 }
        for chunk in 0..<chunks {
            guard let part = parts[chunk] else { continue }
            try handle.write(contentsOf: Data(try part.get().utf8))
        }
        return url
    }
}
