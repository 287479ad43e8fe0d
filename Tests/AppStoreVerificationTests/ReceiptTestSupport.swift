import AppStoreModels
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
