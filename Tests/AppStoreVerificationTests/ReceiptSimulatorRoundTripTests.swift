import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

/// Receipts the simulator builds verify under the simulator's root, decode to what was built,
/// and are rejected by the default (Apple-only) verifier.
@Suite("Receipt simulator round trip")
struct ReceiptSimulatorRoundTripTests {
    static let chain = ReceiptTestChains.simulator

    @Test(
        "build → verify → the same receipt",
        arguments: [
            (AppReceiptBuilder.Digest.sha256, false), (.sha256, true), (.sha1, false), (.sha1, true),
        ]
    )
    func roundTrip(digest: AppReceiptBuilder.Digest, signsAttributes: Bool) throws {
        let sample = ReceiptTestChains.sampleReceipt()
        let builder = AppReceiptBuilder(chain: Self.chain, digest: digest, signsAttributes: signsAttributes)
        let verified = try ReceiptTestChains.verifier(trusting: Self.chain).verify(base64Receipt: builder.buildBase64(sample))
        #expect(sameReceipt(verified.receipt, sample))
        #expect(verified.environment == .production)
        #expect(verified.digestAlgorithm == (digest == .sha256 ? "SHA-256" : "SHA-1"))
        #expect(verified.signedDate == sample.receiptCreationDate)
    }

    @Test("every field survives, including unknown attributes and millisecond dates")
    func fields() throws {
        let sample = ReceiptTestChains.sampleReceipt()
        let receipt = try AppReceiptBuilder(chain: Self.chain).build(sample)
        let decoded = try AppReceiptParser.parse(receiptDER: receipt)
        let monthly = try #require(decoded.inApp.first { $0.productId == "com.example.monthly" })
        #expect(monthly.originalPurchaseDate == Timestamp(millisecondsSince1970: 1_656_678_537_123))
        #expect(monthly.isInIntroOfferPeriod == true)
        #expect(monthly.promotionalOfferId == "WINBACK10")
        #expect(monthly.webOrderLineItemId == 2_000_000_047_068_353)
        #expect(monthly.unknownAttributes == [AppReceiptAttribute(type: 1722, version: 1, value: [0x02, 0x01, 0x00])])
        #expect(decoded.unknownAttributes == [AppReceiptAttribute(type: 25, version: 1, value: [0x02, 0x01, 0x03])])
        #expect(decoded.ageRating == "4+")
        #expect(decoded.downloadId == 987_654_321)
    }

    @Test("simulator receipts are rejected by the default Apple-only verifier")
    func rejectedByDefault() throws {
        let receipt = try AppReceiptBuilder(chain: Self.chain).buildBase64(ReceiptTestChains.sampleReceipt())
        let error = verificationError { _ = try ReceiptFixtures.appleVerifier.verify(base64Receipt: receipt) }
        #expect(error?.code == .invalidCertificateChain)
    }

    @Test("a receipt created after the chain expired is rejected")
    func createdAfterExpiry() throws {
        let sample = ReceiptTestChains.sampleReceipt(created: ReceiptTestChains.validUntil.addingTimeInterval(60))
        let receipt = try AppReceiptBuilder(chain: Self.chain).build(sample)
        let error = verificationError { _ = try ReceiptTestChains.verifier(trusting: Self.chain).verify(receiptDER: receipt) }
        #expect(error?.code == .certificateExpired)
    }

    @Test("a receipt created before the chain was valid is rejected")
    func createdBeforeValidity() throws {
        let sample = ReceiptTestChains.sampleReceipt(created: ReceiptTestChains.validFrom.addingTimeInterval(-60))
        let receipt = try AppReceiptBuilder(chain: Self.chain).build(sample)
        let error = verificationError { _ = try ReceiptTestChains.verifier(trusting: Self.chain).verify(receiptDER: receipt) }
        #expect(error?.code == .certificateExpired)
    }

    @Test("validity is judged per receipt even when the chain is cached")
    func validityAfterCaching() throws {
        let verifier = ReceiptTestChains.verifier(trusting: Self.chain)
        let builder = AppReceiptBuilder(chain: Self.chain)
        _ = try verifier.verify(receiptDER: builder.build(ReceiptTestChains.sampleReceipt()))
        #expect(verifier.cachedChainCount == 1)
        let late = try builder.build(ReceiptTestChains.sampleReceipt(created: ReceiptTestChains.validUntil.addingTimeInterval(86_400)))
        #expect(verificationError { _ = try verifier.verify(receiptDER: late) }?.code == .certificateExpired)
    }

    @Test("a receipt without a creation date cannot be judged")
    func missingCreationDate() throws {
        var sample = ReceiptTestChains.sampleReceipt()
        sample.receiptCreationDate = nil
        let receipt = try AppReceiptBuilder(chain: Self.chain).build(sample)
        let error = verificationError { _ = try ReceiptTestChains.verifier(trusting: Self.chain).verify(receiptDER: receipt) }
        #expect(error?.code == .missingField)
    }

    @Test("a BER receipt (indefinite lengths, segmented content) verifies like its DER form")
    func berEncoding() throws {
        for der in [
            try ReceiptFixtures.der("001_cardstack_sandbox_2022"),
            try AppReceiptBuilder(chain: Self.chain).build(ReceiptTestChains.sampleReceipt()),
        ] {
            let ber = try ReceiptLayout(der).berIndefinite(from: der, segment: 37)
            #expect(ber != der)
            let verifier = AppReceiptVerifier(trustedRoots: [try AppReceiptVerifier.appleIncRoot(), Self.chain.root])
            #expect(try verifier.verify(receiptDER: ber).receipt == verifier.verify(receiptDER: der).receipt)
        }
    }

    @Test(
        "chains that deviate from Apple's shape are rejected",
        arguments: ["leaf without marker", "intermediate without marker", "intermediate not a CA", "leaf is a CA"]
    )
    func deviatingChain(deviation: String) throws {
        var profile = ReceiptSigningChain.Profile()
        switch deviation {
        case "leaf without marker": profile.leafHasMarker = false
        case "intermediate without marker": profile.intermediateHasMarker = false
        case "intermediate not a CA": profile.intermediateIsCA = false
        default: profile.leafIsCA = true
        }
        let chain = ReceiptTestChains.mint(names: nil, profile: profile)
        let receipt = try AppReceiptBuilder(chain: chain).build(ReceiptTestChains.sampleReceipt())
        let error = verificationError { _ = try ReceiptTestChains.verifier(trusting: chain).verify(receiptDER: receipt) }
        #expect(error?.code == .invalidCertificateChain)
        #expect(error?.reason.isEmpty == false)
    }

    @Test("a 1 MB (base64) receipt with thousands of purchases is admitted")
    func largeReceipt() throws {
        var sample = ReceiptTestChains.sampleReceipt()
        let template = sample.inApp[1]
        sample.inApp = (0..<4_000).map { index in
            var purchase = template
            purchase.transactionId = String(2_000_000_100_000_000 + index)
            return purchase
        }
        let base64 = try AppReceiptBuilder(chain: Self.chain).buildBase64(sample)
        #expect(base64.utf8.count > 1_000_000)
        let verified = try ReceiptTestChains.verifier(trusting: Self.chain).verify(base64Receipt: base64)
        #expect(verified.receipt.inApp.count == 4_000)
    }
}
