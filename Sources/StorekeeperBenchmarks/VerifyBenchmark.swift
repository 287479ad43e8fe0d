import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Crypto
import Foundation
import NIOCore
import StorekeeperAPIModels
import StorekeeperApplication

/// The workloads of `storekeeper-bench verify`, built from a freshly minted Apple-shaped
/// chain so the command needs no files: signed data of the same shape and size as Apple's.
public struct VerifyBenchmark {
    static let notificationName = "verify+decode notification (nested transaction + renewal info)"
    static let transactionName = "verify+decode transaction"
    static let receiptName = "receipt parse+verify"
    static let offerName = "promotional offer signature (sign)"
    static let answerName = "answer signature (SHA-256 of a 2 KB body + P-256 sign)"
    static let referenceName = "bare P-256 verify (swift-crypto, same signed bytes)"

    let throughput: Throughput

    func run() throws -> [Throughput.Result] {
        let pki = try AppleShapedPKI()
        let signer = try pki.signer()
        let bundleId = "com.example.storekeeper"
        let verifier = SignedDataVerifier(
            trustedRoots: try pki.trustedRoots,
            expectations: .init(bundleId: bundleId, appAppleId: 1_234_567_890, environments: [.production]))
        let signed = try SignedSamples(signer: signer, bundleId: bundleId)

        // Fail loudly rather than benchmark something that does not verify.
        _ = try verifier.verifyNotification(signed.notification)
        _ = try verifier.verifyTransaction(signed.transaction)

        var results: [Throughput.Result] = []
        results.append(try throughput.measure(Self.notificationName) { _ = try verifier.verifyNotification(signed.notification) })
        results.append(try throughput.measure(Self.transactionName) { _ = try verifier.verifyTransaction(signed.transaction) })
        results.append(try receiptBenchmark())

        let offerSigner = PromotionalOfferSigner(
            privateKey: P256.Signing.PrivateKey(), keyId: "KEY1234567", issuerId: "issuer", bundleId: bundleId)
        let now = Date()
        results.append(
            try throughput.measure(Self.offerName) {
                _ = try offerSigner.legacySignature(
                    productId: "com.example.monthly", offerId: "WINBACK50", applicationUsername: "user-hash", timestamp: now)
            })

        // What a signed answer adds to a request carrying a nonce: the body's digest and one sign.
        let answerSigner = AnswerSigner(
            appId: "bench", key: AnswerSigningKey.generate(name: "bench"), clock: SystemClock())
        let answerBody = ByteBuffer(repeating: UInt8(ascii: "x"), count: 2_048)
        let nonce = Base64URL.encode([UInt8](repeating: 7, count: 32))
        results.append(
            try throughput.measure(Self.answerName) {
                _ = try answerSigner.sign(
                    nonce: nonce, method: "GET", target: "/v1/apps/bench/customers/c0000001", status: 200, body: answerBody)
            })

        // The same check the transaction benchmark makes, with nothing around it: SHA-256 of
        // `header.payload` and one ECDSA P-256 verification.
        let parts = signed.transaction.split(separator: ".")
        let signingInput = Data((parts[0] + "." + parts[1]).utf8)
        let signature = try P256.Signing.ECDSASignature(
            rawRepresentation: try sixtyFourBytes(Base64.decodeURL(String(parts[2])).map { Data($0) }))
        let key = pki.leafKey.publicKey
        guard key.isValidSignature(signature, for: signingInput) else { throw BenchmarkFailure("reference signature invalid") }
        results.append(
            throughput.measure(Self.referenceName) {
                if !key.isValidSignature(signature, for: signingInput) { preconditionFailure("reference verification failed") }
            })
        return results
    }
}

private func sixtyFourBytes(_ data: Data?) throws -> Data {
    guard let data, data.count == 64 else { throw BenchmarkFailure("bad reference signature") }
    return data
}
