import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

/// The chain cache is bounded, shared by copies of a verifier, and safe under concurrency.
@Suite("Receipt chain cache")
struct ReceiptChainCacheTests {
    @Test("the cache holds at most its capacity")
    func bounded() throws {
        let chains = [ReceiptTestChains.simulator, ReceiptTestChains.appleLookAlike]
        let verifier = AppReceiptVerifier(
            trustedRoots: [try AppReceiptVerifier.appleIncRoot()] + chains.map(\.root),
            chainCacheCapacity: 2
        )
        var receipts = [try ReceiptFixtures.der("001_cardstack_sandbox_2022")]
        receipts += try chains.map { try AppReceiptBuilder(chain: $0).build(ReceiptTestChains.sampleReceipt()) }
        for _ in 0..<3 {
            for receipt in receipts { _ = try verifier.verify(receiptDER: receipt) }
            #expect(verifier.cachedChainCount <= 2)
        }
        #expect(verifier.cachedChainCount == 2)
    }

    @Test("a failed chain is not cached")
    func failuresNotCached() throws {
        let verifier = try AppReceiptVerifier()
        let receipt = try AppReceiptBuilder(chain: ReceiptTestChains.simulator).build(ReceiptTestChains.sampleReceipt())
        #expect(verificationError { _ = try verifier.verify(receiptDER: receipt) }?.code == .invalidCertificateChain)
        #expect(verifier.cachedChainCount == 0)
    }

    @Test("concurrent verifications agree and share one cached chain")
    func concurrent() async throws {
        let verifier = try AppReceiptVerifier()
        let base64 = try ReceiptFixtures.base64("001_cardstack_sandbox_2022")
        let tampered = try {
            var der = try ReceiptFixtures.der("001_cardstack_sandbox_2022")
            der[try ReceiptLayout(der).contentRange.lowerBound + 10] ^= 1
            return der
        }()
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    if index % 4 == 3 {
                        return (try? verifier.verify(receiptDER: tampered)) == nil
                    }
                    return (try? verifier.verify(base64Receipt: base64))?.receipt.bundleId == "com.cardstack.cardpay"
                }
            }
            var results: [Bool] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(outcomes.count == 64)
        #expect(outcomes.allSatisfy { $0 })
        #expect(verifier.cachedChainCount == 1)
    }
}
