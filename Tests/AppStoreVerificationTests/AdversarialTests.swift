import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Crypto
import Foundation
import StorekeeperTesting
import SwiftASN1
import Testing
import X509

/// Attacks beyond the conformance vectors: forged chains, misplaced trust, algorithm confusion,
/// resource exhaustion, and payloads bound to the wrong app.
@Suite struct AdversarialTests {
    let signing: TestSigning

    init() throws {
        signing = try TestSigning()
    }

    private func expectCode(
        _ code: VerificationError.Code, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) {
        do {
            try body()
            Issue.record("expected \(code), but it was accepted", sourceLocation: sourceLocation)
        } catch let error as VerificationError {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func simulatorSignedDataVerifiesOnlyWhenItsRootIsTrusted() throws {
        let jws = try signing.sign(signing.transaction())
        #expect(try signing.verifier().verifyTransaction(jws).transactionId == "2000000847061981")
        expectCode(.invalidCertificateChain) { _ = try SignedDataVerifier().verifyTransaction(jws) }
    }

    @Test func forgedChainWithApplesNamesAndOIDsIsRejected() throws {
        var options = AppleShapedPKI.Options()
        options.names = .appleLookalike
        let forger = try TestSigning(options: options)
        let jws = try forger.sign(forger.transaction())
        expectCode(.invalidCertificateChain) { _ = try SignedDataVerifier().verifyTransaction(jws) }
    }

    /// The real Apple root in x5c[2] does not help a forged intermediate under it.
    @Test func forgedIntermediateUnderTheRealAppleRootIsRejected() throws {
        var options = AppleShapedPKI.Options()
        options.names = .appleLookalike
        let forger = try TestSigning(options: options)
        let appleRoot = try #require(TrustedRoots.appleRootCAG3.certificates.first)
        var chain = try forger.pki.chainDER
        chain[2] = try derBytes(appleRoot)
        let signer = try ES256Signer(privateKey: forger.pki.leafKey, certificateChain: chain)
        let jws = try signer.sign(forger.transaction())
        expectCode(.invalidCertificateChain) { _ = try SignedDataVerifier().verifyTransaction(jws) }
    }

    @Test func genuineAppleChainCannotBeReusedWithAnotherKey() throws {
        // Take a real Apple header and sign a new payload with our own key under it.
        let genuine = try ConformanceVectors.text("jws/004.jws")
        let header = String(genuine.split(separator: ".")[0])
        let payload = try JSONEncoder().encode(
            signing.transaction {
                $0.bundleId = "cn.soulmate.elf"
                $0.environment = .sandbox
            })
        let input = header + "." + base64URL(payload)
        let signature = try signing.pki.leafKey.signature(for: Data(input.utf8))
        let forged = input + "." + base64URL(signature.rawRepresentation)
        expectCode(.invalidSignature) { _ = try SignedDataVerifier().verifyTransaction(forged) }
    }

    @Test(arguments: ["leaf without marker OID", "intermediate without marker OID", "leaf is a CA"])
    func chainsBreakingApplesRulesAreRejectedEvenWhenTheRootIsTrusted(_ defect: String) throws {
        var options = AppleShapedPKI.Options()
        switch defect {
        case "leaf without marker OID": options.leafHasMarker = false
        case "intermediate without marker OID": options.intermediateHasMarker = false
        default: options.leafIsCertificateAuthority = true
        }
        let broken = try TestSigning(options: options)
        let jws = try broken.sign(broken.transaction())
        expectCode(.invalidCertificateChain) { _ = try broken.verifier().verifyTransaction(jws) }
    }

    @Test func leafFromAnotherPeriodIsRejectedAtTheSigningDate() throws {
        var options = AppleShapedPKI.Options()
        options.leafValidity = Date(timeIntervalSince1970: 1_577_836_800)...Date(timeIntervalSince1970: 1_609_459_199)  // 2020
        let stale = try TestSigning(options: options)
        let inside = try stale.sign(stale.transaction(signedDate: Timestamp(millisecondsSince1970: 1_590_000_000_000)))
        let outside = try stale.sign(stale.transaction(signedDate: Timestamp(millisecondsSince1970: 1_700_000_000_000)))
        // Signed while the leaf was valid: still accepted years later (judged at signedDate).
        #expect(try stale.verifier().verifyTransaction(inside).signedDate?.millisecondsSince1970 == 1_590_000_000_000)
        expectCode(.certificateExpired) { _ = try stale.verifier().verifyTransaction(outside) }
    }

    @Test func algorithmConfusionIsRejectedWhateverTheSignature() throws {
        let jws = try signing.sign(signing.transaction())
        let parts = jws.split(separator: ".").map(String.init)
        let headerJSON = try #require(
            Data(base64Encoded: padded(parts[0].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/"))))
        var header = try #require(try JSONSerialization.jsonObject(with: headerJSON) as? [String: Any])
        for alg in ["none", "HS256", "ES384", "RS256", "es256", "ES256 "] {
            header["alg"] = alg
            let forgedHeader = base64URL(try JSONSerialization.data(withJSONObject: header))
            // HS256 keyed with the leaf's public key, the classic confusion.
            let input = forgedHeader + "." + parts[1]
            let key = SymmetricKey(data: Data(signing.pki.leafKey.publicKey.pemRepresentation.utf8))
            let mac = HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: key)
            for signature in [parts[2], base64URL(Data(mac)), ""] {
                expectCode(.unsupportedAlgorithm) { _ = try signing.verifier().verifyTransaction(input + "." + signature) }
            }
        }
    }

    @Test func oneMegabyteHeaderIsRejectedBeforeAnyDecoding() throws {
        let verifier = try signing.verifier()
        // The header is valid base64url and the payload is not: a verifier that decoded anything
        // before checking the header's length would fail on the payload or the header's JSON
        // instead. A length check is what answers, and it names the limit.
        let hugeHeader = String(repeating: "A", count: 1_048_576)
        let jws = hugeHeader + ".eyJ9." + String(repeating: "A", count: 86)
        do {
            _ = try verifier.verifyTransaction(jws)
            Issue.record("a 1 MB header was accepted")
        } catch {
            #expect(error.code == .malformed)
            // "JWS is N bytes; the limit is M" or "JWS header exceeds M bytes": a length check.
            #expect(error.reason.contains("the limit is") || error.reason.contains("header exceeds"), "\(error)")
        }
    }

    @Test func deeplyNestedPayloadIsRejectedAsMalformed() throws {
        let nested = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let json = #"{"transactionId":"1","signedDate":1700000000000,"x":"# + nested + "}"
        let jws = try signing.signer.sign(payloadJSON: Data(json.utf8))
        expectCode(.malformed) { _ = try signing.verifier(environments: nil).verifyTransaction(jws) }
    }

    @Test func duplicateKeysAreRejected() throws {
        let json = #"{"bundleId":"com.evil","bundleId":"com.example.storekeeper","signedDate":1700000000000,"environment":"Production"}"#
        let jws = try signing.signer.sign(payloadJSON: Data(json.utf8))
        expectCode(.malformed) { _ = try signing.verifier().verifyTransaction(jws) }
    }

    @Test func payloadWithoutSignedDateCannotBeJudged() throws {
        let jws = try signing.sign(signing.transaction { $0.signedDate = nil })
        expectCode(.missingField) { _ = try signing.verifier().verifyTransaction(jws) }
    }

    @Test func bindingToAppAndEnvironment() throws {
        let production = try signing.sign(signing.transaction())
        let sandbox = try signing.sign(signing.transaction(environment: .sandbox))
        let xcode = try signing.sign(signing.transaction(environment: .xcode))
        expectCode(.wrongBundleId) { _ = try signing.verifier(bundleId: "com.other").verifyTransaction(production) }
        expectCode(.wrongEnvironment) { _ = try signing.verifier(environments: [.production]).verifyTransaction(sandbox) }
        expectCode(.wrongEnvironment) { _ = try signing.verifier(environments: [.production, .sandbox]).verifyTransaction(xcode) }
        #expect(try signing.verifier(environments: [.production, .sandbox]).verifyTransaction(sandbox).environment == .sandbox)
    }

    @Test func notificationBindsAppAppleIdAndNestedData() throws {
        let notification = try signing.notification(type: .didRenew, transaction: signing.transaction())
        let jws = try signing.sign(notification)
        #expect(try signing.verifier().verifyNotification(jws).transaction?.transactionId == "2000000847061981")
        expectCode(.wrongAppAppleId) { _ = try signing.verifier(appAppleId: 42).verifyNotification(jws) }

        // A nested transaction for another app inside this app's notification.
        let foreign = try signing.notification(
            type: .didRenew, transaction: signing.transaction { $0.bundleId = "com.other" })
        let foreignJWS = try signing.sign(foreign)
        let lenient = SignedDataVerifier(trustedRoots: try signing.pki.trustedRoots)
        expectCode(.wrongBundleId) { _ = try lenient.verifyNotification(foreignJWS) }

        // Production notifications must name the app Apple ID when one is expected.
        var anonymous = notification
        anonymous.data?.appAppleId = nil
        let anonymousJWS = try signing.sign(anonymous)
        expectCode(.wrongAppAppleId) { _ = try signing.verifier().verifyNotification(anonymousJWS) }
    }

    @Test func tamperedNestedTransactionFailsTheWholeNotification() throws {
        var notification = try signing.notification(type: .didRenew, transaction: signing.transaction())
        let nested = try #require(notification.data?.signedTransactionInfo)
        var parts = nested.split(separator: ".").map(String.init)
        parts[1] = base64URL(try JSONEncoder().encode(signing.transaction { $0.quantity = 10 }))
        notification.data?.signedTransactionInfo = parts.joined(separator: ".")
        let jws = try signing.sign(notification)
        expectCode(.invalidSignature) { _ = try signing.verifier().verifyNotification(jws) }
    }

    @Test func chainCacheKeepsOneEntryPerChain() throws {
        let verifier = try signing.verifier()
        for index in 0..<50 {
            let jws = try signing.sign(signing.transaction { $0.transactionId = String(index) })
            _ = try verifier.verifyTransaction(jws)
        }
        let other = try TestSigning()
        let otherVerifier = SignedDataVerifier(
            trustedRoots: try TrustedRoots(verifier.trustedRoots.certificates + other.pki.trustedRoots.certificates),
            expectations: verifier.expectations)
        _ = try otherVerifier.verifyTransaction(try signing.sign(signing.transaction()))
        _ = try otherVerifier.verifyTransaction(try other.sign(other.transaction()))
        #expect(try otherVerifier.verifyTransaction(try other.sign(other.transaction())).bundleId == other.bundleId)
    }

    @Test(arguments: 0..<200)
    func randomMutationsNeverCrashAndNeverVerify(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let jws = Array(try signing.sign(signing.transaction()).utf8)
        var mutated = jws
        let position = Int(generator.next() % UInt64(mutated.count))
        mutated[position] = UInt8(truncatingIfNeeded: generator.next())
        guard mutated != jws else { return }
        let text = String(decoding: mutated, as: UTF8.self)
        #expect(throws: VerificationError.self) { try signing.verifier().verifyTransaction(text) }
    }
}

func base64URL(_ data: some DataProtocol) -> String {
    Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
}

func padded(_ base64: String) -> String {
    base64 + String(repeating: "=", count: (4 - base64.count % 4) % 4)
}

func derBytes(_ certificate: Certificate) throws -> [UInt8] {
    var serializer = DER.Serializer()
    try serializer.serialize(certificate)
    return serializer.serializedBytes
}
