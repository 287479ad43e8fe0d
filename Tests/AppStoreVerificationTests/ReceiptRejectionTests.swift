import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import SwiftASN1
import Testing
import X509

/// Tampered, re-chained and misbound receipts are rejected with the right code.
@Suite("Receipt rejections")
struct ReceiptRejectionTests {
    static let genuine = "001_cardstack_sandbox_2022"

    @Test("a flipped byte in the content fails the signature", arguments: [0, 100, 400])
    func flippedContent(offset: Int) throws {
        var der = try ReceiptFixtures.der(Self.genuine)
        let layout = try ReceiptLayout(der)
        der[layout.contentRange.lowerBound + offset] ^= 0x01
        let error = verificationError { _ = try ReceiptFixtures.appleVerifier.verify(receiptDER: der) }
        #expect(error?.code == .invalidSignature)
    }

    @Test("a flipped byte in the signature fails the signature", arguments: [0, 128, 255])
    func flippedSignature(offset: Int) throws {
        var der = try ReceiptFixtures.der(Self.genuine)
        let layout = try ReceiptLayout(der)
        der[layout.signatureRange.lowerBound + offset] ^= 0x80
        let error = verificationError { _ = try ReceiptFixtures.appleVerifier.verify(receiptDER: der) }
        #expect(error?.code == .invalidSignature)
    }

    @Test("removing the intermediate breaks the chain")
    func intermediateRemoved() throws {
        let der = try ReceiptFixtures.der(Self.genuine)
        let layout = try ReceiptLayout(der)
        let edited = try layout.replacingCertificates([layout.certificates[0], layout.certificates[2]])
        let error = verificationError { _ = try ReceiptFixtures.appleVerifier.verify(receiptDER: edited) }
        #expect(error?.code == .invalidCertificateChain)
    }

    @Test("removing every certificate breaks the chain")
    func certificatesRemoved() throws {
        let der = try ReceiptFixtures.der(Self.genuine)
        let edited = try ReceiptLayout(der).replacingCertificates([])
        let error = verificationError { _ = try ReceiptFixtures.appleVerifier.verify(receiptDER: edited) }
        #expect(error?.code == .invalidCertificateChain)
    }

    @Test("the order of the carried certificates does not matter")
    func certificatesReordered() throws {
        let der = try ReceiptFixtures.der(Self.genuine)
        let layout = try ReceiptLayout(der)
        let edited = try layout.replacingCertificates(layout.certificates.reversed())
        let verified = try ReceiptFixtures.appleVerifier.verify(receiptDER: edited)
        #expect(verified.receipt.bundleId == "com.cardstack.cardpay")
    }

    @Test("swapping in a look-alike intermediate (Apple's names and OIDs, other key) breaks the chain")
    func lookAlikeIntermediate() throws {
        let der = try ReceiptFixtures.der(Self.genuine)
        let layout = try ReceiptLayout(der)
        let fake = try ReceiptTestChains.appleLookAlike.intermediate.derBytes()
        let edited = try layout.replacingCertificates([layout.certificates[0], fake, layout.certificates[2]])
        let error = verificationError { _ = try ReceiptFixtures.appleVerifier.verify(receiptDER: edited) }
        #expect(error?.code == .invalidCertificateChain)
    }

    @Test("swapping the leaf for a look-alike leaf breaks the chain")
    func lookAlikeLeaf() throws {
        let der = try ReceiptFixtures.der(Self.genuine)
        let layout = try ReceiptLayout(der)
        let fake = try ReceiptTestChains.appleLookAlike.leaf.derBytes()
        let edited = try layout.replacingCertificates([fake, layout.certificates[1], layout.certificates[2]])
        let error = verificationError { _ = try ReceiptFixtures.appleVerifier.verify(receiptDER: edited) }
        #expect(error?.code == .invalidCertificateChain)
    }

    @Test("a carried root is never trusted: a look-alike root in the receipt changes nothing")
    func carriedRootIgnored() throws {
        let der = try ReceiptFixtures.der(Self.genuine)
        let layout = try ReceiptLayout(der)
        let fakeRoot = try ReceiptTestChains.appleLookAlike.root.derBytes()
        let edited = try layout.replacingCertificates([layout.certificates[0], layout.certificates[1], fakeRoot])
        _ = try ReceiptFixtures.appleVerifier.verify(receiptDER: edited)
    }

    @Test("a receipt signed entirely by a self-made chain with Apple's names and OIDs is rejected")
    func lookAlikeChain() throws {
        let builder = AppReceiptBuilder(chain: ReceiptTestChains.appleLookAlike, digest: .sha1)
        let receipt = try builder.build(ReceiptTestChains.sampleReceipt())
        let error = verificationError { _ = try ReceiptFixtures.appleVerifier.verify(receiptDER: receipt) }
        #expect(error?.code == .invalidCertificateChain)
        // The same bytes verify when that chain's root is trusted: only the anchor differs.
        _ = try ReceiptTestChains.verifier(trusting: ReceiptTestChains.appleLookAlike).verify(receiptDER: receipt)
    }

    @Test("the genuine receipts fail under another root")
    func otherRoot() throws {
        let verifier = ReceiptTestChains.verifier(trusting: ReceiptTestChains.simulator)
        let error = verificationError { _ = try verifier.verify(base64Receipt: ReceiptFixtures.base64(Self.genuine)) }
        #expect(error?.code == .invalidCertificateChain)
    }

    // MARK: Binding to the app

    @Test("wrong bundle id")
    func wrongBundleId() throws {
        let verifier = try AppReceiptVerifier(expectations: AppReceiptExpectations(bundleId: "com.other.app"))
        let error = verificationError { _ = try verifier.verify(base64Receipt: ReceiptFixtures.base64(Self.genuine)) }
        #expect(error?.code == .wrongBundleId)
    }

    @Test("wrong environment")
    func wrongEnvironment() throws {
        let verifier = try AppReceiptVerifier(expectations: AppReceiptExpectations(environments: [.production]))
        let error = verificationError { _ = try verifier.verify(base64Receipt: ReceiptFixtures.base64(Self.genuine)) }
        #expect(error?.code == .wrongEnvironment)
    }

    @Test("sandbox receipts carry app Apple ID 0 and bind to any expected app Apple ID")
    func sandboxAppAppleId() throws {
        let expectations = AppReceiptExpectations(bundleId: "com.cardstack.cardpay", appAppleId: 1_234_567, environments: [.sandbox])
        let verified = try AppReceiptVerifier(expectations: expectations).verify(base64Receipt: ReceiptFixtures.base64(Self.genuine))
        #expect(verified.receipt.appItemId == 0)
    }

    @Test("a production receipt for another app Apple ID is rejected")
    func wrongAppAppleId() throws {
        let receipt = try AppReceiptBuilder(chain: ReceiptTestChains.simulator).build(ReceiptTestChains.sampleReceipt())
        let wrong = ReceiptTestChains.verifier(trusting: ReceiptTestChains.simulator, expectations: AppReceiptExpectations(appAppleId: 42))
        #expect(verificationError { _ = try wrong.verify(receiptDER: receipt) }?.code == .wrongAppAppleId)
        let right = ReceiptTestChains.verifier(
            trusting: ReceiptTestChains.simulator,
            expectations: AppReceiptExpectations(
                bundleId: "com.example.storekeeper", appAppleId: 1_234_567_890, environments: [.production])
        )
        _ = try right.verify(receiptDER: receipt)
    }

    @Test("a production receipt with app Apple ID 0 does not bind to an expected app Apple ID")
    func productionZeroAppAppleId() throws {
        var sample = ReceiptTestChains.sampleReceipt()
        sample.appItemId = 0
        let receipt = try AppReceiptBuilder(chain: ReceiptTestChains.simulator).build(sample)
        let verifier = ReceiptTestChains.verifier(
            trusting: ReceiptTestChains.simulator, expectations: AppReceiptExpectations(appAppleId: 42))
        #expect(verificationError { _ = try verifier.verify(receiptDER: receipt) }?.code == .wrongAppAppleId)
    }

    @Test("a receipt without receipt_type cannot satisfy an environment restriction")
    func missingReceiptType() throws {
        var sample = ReceiptTestChains.sampleReceipt()
        sample.receiptType = nil
        let receipt = try AppReceiptBuilder(chain: ReceiptTestChains.simulator).build(sample)
        let verifier = ReceiptTestChains.verifier(
            trusting: ReceiptTestChains.simulator, expectations: AppReceiptExpectations(environments: [.production]))
        #expect(verificationError { _ = try verifier.verify(receiptDER: receipt) }?.code == .missingField)
    }
}

extension Certificate {
    func derBytes() throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(self)
        return serializer.serializedBytes
    }
}
