import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

/// Randomly mutated receipts produce only typed errors (or, rarely, a still-valid receipt when
/// a mutation hits an unsigned, unused byte); the process never crashes.
@Suite("Receipt fuzz-style robustness")
struct ReceiptFuzzTests {

    static func mutate(_ input: [UInt8], using generator: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            guard !bytes.isEmpty else { return bytes }
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: bytes[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            case 1: bytes[index] = UInt8.random(in: 0...255, using: &generator)
            case 2: bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...64, using: &generator)))
            case 3:
                bytes.insert(
                    contentsOf: (0..<Int.random(in: 1...8, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) },
                    at: index)
            case 4: bytes = Array(bytes.prefix(index))
            default: bytes[index] = [0x80, 0x00, 0xFF, 0x30, 0x31, 0xA0, 0x84][Int.random(in: 0..<7, using: &generator)]
            }
        }
        return bytes
    }

    @Test("mutated receipts only ever throw VerificationError", arguments: [1 as UInt64, 2, 3])
    func mutations(seed: UInt64) throws {
        let seeds = [
            try ReceiptFixtures.der("001_cardstack_sandbox_2022"),
            try AppReceiptBuilder(chain: ReceiptTestChains.simulator, signsAttributes: true).build(ReceiptTestChains.sampleReceipt()),
        ]
        let verifier = AppReceiptVerifier(trustedRoots: [try AppReceiptVerifier.appleIncRoot(), ReceiptTestChains.simulator.root])
        var generator = SplitMix64(seed: seed)
        var rejected = 0
        let iterations = 1_000
        for iteration in 0..<iterations {
            let mutated = Self.mutate(seeds[iteration % seeds.count], using: &generator)
            do {
                _ = try AppReceiptParser.parse(receiptDER: mutated)
            } catch {
                #expect(!error.reason.isEmpty)
            }
            do {
                _ = try verifier.verify(receiptDER: mutated)
            } catch {
                rejected += 1
                #expect(!error.reason.isEmpty)
            }
        }
        // Almost every mutation must be caught by the signature or the structure checks.
        #expect(rejected > iterations * 95 / 100)
    }
}
