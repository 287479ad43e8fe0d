import AppStoreModels
import AppStoreVerification
import Foundation
import StorekeeperTesting
import Testing

/// Every genuine Apple vector verifies against Apple's root, judged at its signing date, and
/// decodes to what the manifest lists; every tampered vector fails with the right code.
@Suite struct ConformanceTests {
    static let verifier = SignedDataVerifier(trustedRoots: .appleRootCAG3)

    static let acceptedJWS = ConformanceVectors.vectors { $0.isAccepted && $0.file.hasPrefix("jws/") }
    static let rejectedJWS = ConformanceVectors.vectors { !$0.isAccepted && $0.file.hasSuffix(".jws") }

    @Test func manifestHasVectors() {
        #expect(Self.acceptedJWS.count == 22)
        #expect(Self.rejectedJWS.count == 10)
    }

    @Test(arguments: acceptedJWS)
    func acceptsGenuineAppleData(_ vector: ConformanceVectors.Vector) throws {
        let jws = try ConformanceVectors.text(vector.file)
        let decoded = try #require(vector.decoded)
        let fields: [String: String]
        switch decoded["kind"]?.description {
        case "notification":
            fields = try Self.fields(of: Self.verifier.verifyNotification(jws).payload)
        case "transaction":
            fields = try Self.fields(of: Self.verifier.verifyTransaction(jws))
        case "renewalInfo":
            fields = try Self.fields(of: Self.verifier.verifyRenewalInfo(jws))
        default:
            Issue.record("unknown kind in manifest for \(vector.file)")
            return
        }
        for (key, expected) in decoded where key != "kind" {
            #expect(fields[key] == (expected == .null ? nil : expected.description), "\(vector.file): \(key)")
        }
    }

    /// Expected error code for each tampered vector.
    static let expectedCodes: [String: VerificationError.Code] = [
        "bad/01_payload_byte_flipped.jws": .invalidSignature,
        "bad/03_alg_none.jws": .unsupportedAlgorithm,
        "bad/04_alg_hs256_keyconfusion.jws": .unsupportedAlgorithm,
        "bad/05_selfsigned_leaf.jws": .invalidCertificateChain,
        "bad/06_x5c_reordered_leaf_inter_swapped.jws": .invalidCertificateChain,
        "bad/09_two_part.jws": .malformed,
        "bad/11_x5c_missing_root.jws": .invalidCertificateChain,
        "bad/13_signature_der_encoded.jws": .invalidSignature,
        "bad/14_base64_padding.jws": .malformed,
        "bad/16_alg_ES384.jws": .unsupportedAlgorithm,
    ]

    @Test(arguments: rejectedJWS)
    func rejectsTamperedData(_ vector: ConformanceVectors.Vector) throws {
        let jws = try ConformanceVectors.text(vector.file)
        let expected = try #require(Self.expectedCodes[vector.file], "no expected code for \(vector.file)")
        // Whatever the payload claims to be, every entry point must refuse it with the same code.
        #expect(throws: VerificationError.self) { try Self.verifier.verifyTransaction(jws) }
        do {
            _ = try Self.verifier.verifyNotification(jws)
            Issue.record("\(vector.file) was accepted")
        } catch {
            #expect(error.code == expected, "\(vector.file): \(error)")
        }
    }

    /// The payload's fields as strings, nested objects flattened one level (for `data`).
    static func fields<T: Encodable>(of value: T) throws -> [String: String] {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any] ?? [:]
        var fields: [String: String] = [:]
        func add(_ object: [String: Any]) {
            for (key, value) in object {
                switch value {
                case let nested as [String: Any]: add(nested)
                case let number as NSNumber: fields[key] = number.stringValue
                case let string as String: fields[key] = string
                default: break
                }
            }
        }
        add(object)
        return fields
    }
}
