import Crypto
import Foundation
import StorekeeperAPIModels
import StorekeeperClient
import Testing

/// The package's check of `Storekeeper-Signature`, field by field.
@Suite struct AnswerVerifierTests {
    let key = P256.Signing.PrivateKey()
    let body = Data(#"{"balance":5,"replayed":false}"#.utf8)
    let nonce = AnswerVerifier.makeNonce()

    func header(
        key: P256.Signing.PrivateKey? = nil, nonce: String? = nil, target: String = "/v1/apps/demo/customers/a/spend",
        status: Int = 200, signedAt: Int64 = 1_000_000, body: Data? = nil
    ) throws -> String {
        let key = key ?? self.key
        let message = AnswerSignature.message(
            app: "demo", nonce: nonce ?? self.nonce, method: "POST", target: target, status: status, signedAt: signedAt,
            bodySHA256: Array(SHA256.hash(data: body ?? self.body)))
        return AnswerSignature(
            keyId: AnswerVerifier.keyId(of: key.publicKey), signedAt: signedAt,
            signature: Array(try key.signature(for: message).rawRepresentation)
        ).headerValue
    }

    func verify(_ header: String?, now: Int64 = 1_000_000, trusting keys: [P256.Signing.PublicKey]? = nil) -> AnswerVerification {
        AnswerVerifier(appId: "demo", trustedKeys: keys ?? [key.publicKey]).verify(
            header: header, nonce: nonce, method: "POST", target: "/v1/apps/demo/customers/a/spend", status: 200, body: body, now: now)
    }

    @Test func aGenuineAnswerVerifies() throws {
        #expect(verify(try header()) == .verified(keyId: AnswerVerifier.keyId(of: key.publicKey)))
        #expect(verify(try header(), now: 1_000_300).isVerified)
        #expect(verify(try header(), now: 999_700).isVerified)
    }

    @Test func eachSignedFieldMatters() throws {
        #expect(verify(try header(nonce: AnswerVerifier.makeNonce())) == .unverified(.signatureInvalid))
        #expect(verify(try header(target: "/v1/apps/demo/customers/b/spend")) == .unverified(.signatureInvalid))
        #expect(verify(try header(status: 201)) == .unverified(.signatureInvalid))
        #expect(verify(try header(body: Data(#"{"balance":500,"replayed":false}"#.utf8))) == .unverified(.signatureInvalid))
    }

    @Test func missingMalformedUntrustedAndStale() throws {
        #expect(verify(nil) == .unverified(.signatureMissing))
        #expect(verify("v2; kid=0011223344556677; t=1; sig=AA") == .unverified(.signatureMalformed))
        let other = P256.Signing.PrivateKey()
        #expect(verify(try header(key: other)) == .unverified(.keyNotTrusted(keyId: AnswerVerifier.keyId(of: other.publicKey))))
        #expect(verify(try header(key: other), trusting: [key.publicKey, other.publicKey]).isVerified)
        #expect(verify(try header(), now: 1_000_301) == .unverified(.outsideTimeWindow(signedAt: 1_000_000, now: 1_000_301)))
    }

    @Test func trustedKeysFromPEM() throws {
        let verifier = try AnswerVerifier(appId: "demo", trustedKeysPEM: [key.publicKey.pemRepresentation])
        #expect(verifier.keys.keys.sorted() == [AnswerVerifier.keyId(of: key.publicKey)])
        #expect(throws: StorekeeperClientError.self) { try AnswerVerifier(appId: "demo", trustedKeysPEM: ["not a key"]) }
        #expect(throws: StorekeeperClientError.self) { try AnswerVerifier(appId: "demo", trustedKeysPEM: []) }
    }

    @Test func noncesAreFreshAndWellFormed() {
        let nonces = (0..<100).map { _ in AnswerVerifier.makeNonce() }
        #expect(Set(nonces).count == 100)
        #expect(nonces.allSatisfy { AnswerSignature.isWellFormedNonce($0) && $0.utf8.count == 43 })
    }
}
