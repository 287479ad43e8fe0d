import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import Testing

/// Access to the genuine Apple receipts of the shared conformance set (copied into
/// `Sources/StorekeeperTesting/Fixtures/conformance/`), read from the source tree.
enum ReceiptFixtures {
    static let conformanceDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // AppStoreVerificationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Sources/StorekeeperTesting/Fixtures/conformance")

    static let receiptNames = ["001_cardstack_sandbox_2022", "004_whitepaek_consumable_sandbox_2020"]

    static func base64(_ name: String) throws -> String {
        let url = conformanceDirectory.appendingPathComponent("receipts/\(name).b64")
        return try String(contentsOf: url, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func der(_ name: String) throws -> [UInt8] {
        guard let data = Data(base64Encoded: try base64(name)) else {
            throw FixtureError("fixture \(name) is not base64")
        }
        return [UInt8](data)
    }

    /// The `verifyReceipt` response Apple returned for the receipt.
    static func verifyReceiptResponse(_ name: String) throws -> [String: Any] {
        let url = conformanceDirectory.appendingPathComponent("receipts/\(name).json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        guard let dictionary = object as? [String: Any] else { throw FixtureError("\(name).json is not an object") }
        return dictionary
    }

    static let appleVerifier: AppReceiptVerifier = {
        do {
            return try AppReceiptVerifier()
        } catch {
            fatalError("the Apple Inc. root must load: \(error)")
        }
    }()
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` and returns the ``VerificationError`` it throws (or records an issue).
func verificationError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> VerificationError? {
    do {
        try body()
        Issue.record("expected a VerificationError, but nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as VerificationError {
        return error
    } catch {
        Issue.record("expected a VerificationError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// `verifyReceipt` millisecond strings as timestamps.
func timestamp(_ value: Any?) -> Timestamp? {
    guard let text = value as? String, let milliseconds = Int64(text) else { return nil }
    return Timestamp(millisecondsSince1970: milliseconds)
}

/// Chains minted once per test process (RSA key generation is slow).
enum ReceiptTestChains {
    static let now = Date()
    static let validFrom = now.addingTimeInterval(-365 * 86_400)
    static let validUntil = now.addingTimeInterval(365 * 86_400)

    static let simulator: ReceiptSigningChain = mint(names: nil)
    static let appleLookAlike: ReceiptSigningChain = mint(names: try? ReceiptSigningChain.Names.appleLookAlike)

    static func mint(names: ReceiptSigningChain.Names?, profile: ReceiptSigningChain.Profile = .init()) -> ReceiptSigningChain {
        do {
            return try ReceiptSigningChain.mint(notValidBefore: validFrom, notValidAfter: validUntil, names: names, profile: profile)
        } catch {
            fatalError("minting a receipt chain failed: \(error)")
        }
    }

    /// A verifier trusting only `chain`'s root.
    static func verifier(trusting chain: ReceiptSigningChain, expectations: AppReceiptExpectations = .none) -> AppReceiptVerifier {
        AppReceiptVerifier(trustedRoots: [chain.root], expectations: expectations)
    }

    /// A receipt with every field set and two in-app purchases, created an hour ago.
    static func sampleReceipt(created: Date = now.addingTimeInterval(-3600)) -> AppReceipt {
        let createdAt = Timestamp(millisecondsSince1970: Int64(created.timeIntervalSince1970) * 1000)
        return AppReceipt(
            receiptType: .production,
            appItemId: 1_234_567_890,
            bundleId: "com.example.storekeeper",
            applicationVersion: "42",
            opaqueValue: Array(repeating: 0xAB, count: 16),
            sha1Hash: Array(repeating: 0xCD, count: 20),
            ageRating: "4+",
            receiptCreationDate: createdAt,
            downloadId: 987_654_321,
            versionExternalIdentifier: 834_712_399,
            originalPurchaseDate: Timestamp(millisecondsSince1970: 1_375_340_400_000),
            originalApplicationVersion: "1.0",
            expirationDate: nil,
            inApp: [
                AppReceiptInAppPurchase(
                    quantity: 1,
                    productId: "com.example.monthly",
                    transactionId: "2000000094963678",
                    originalTransactionId: "2000000094963600",
                    purchaseDate: createdAt.adding(milliseconds: -60_000),
                    originalPurchaseDate: Timestamp(millisecondsSince1970: 1_656_678_537_123),
                    expiresDate: createdAt.adding(milliseconds: 30 * 86_400_000),
                    webOrderLineItemId: 2_000_000_047_068_353,
                    cancellationDate: nil,
                    isTrialPeriod: false,
                    isInIntroOfferPeriod: true,
                    promotionalOfferId: "WINBACK10",
                    unknownAttributes: [AppReceiptAttribute(type: 1722, version: 1, value: [0x02, 0x01, 0x00])]
                ),
                AppReceiptInAppPurchase(
                    quantity: 3,
                    productId: "com.example.coins",
                    transactionId: "2000000094963679",
                    originalTransactionId: "2000000094963679",
                    purchaseDate: createdAt,
                    originalPurchaseDate: createdAt,
                    webOrderLineItemId: 0,
                    cancellationDate: createdAt.adding(milliseconds: -1000),
                    isTrialPeriod: false
                ),
            ],
            unknownAttributes: [AppReceiptAttribute(type: 25, version: 1, value: [0x02, 0x01, 0x03])]
        )
    }
}

/// Order-insensitive comparison: DER SET OF sorts in-app purchases by their encoding.
func sameReceipt(_ lhs: AppReceipt, _ rhs: AppReceipt) -> Bool {
    var left = lhs
    var right = rhs
    left.inApp = []
    right.inApp = []
    return left == right && lhs.inApp.count == rhs.inApp.count && Set(lhs.inApp) == Set(rhs.inApp)
}
