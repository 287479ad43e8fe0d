import Foundation

/// `Fixtures/conformance/manifest.json`: the genuine Apple-signed JWS vectors and what each must
/// decode to (copied from `shared/conformance/apple-signed`).
struct ConformanceManifest: Decodable {
    struct Vector: Decodable, Sendable, CustomStringConvertible {
        var file: String
        var expect: String
        var decoded: Expected
        var description: String { file }
    }

    /// The expected fields; which are present depends on `kind`.
    struct Expected: Decodable, Sendable {
        var kind: String
        var notificationType: String?
        var subtype: String?
        var notificationUUID: String?
        var signedDate: Int64?
        var bundleId: String?
        var environment: String?
        var appAppleId: Int64?
        var transactionId: String?
        var originalTransactionId: String?
        var webOrderLineItemId: String?
        var productId: String?
        var type: String?
        var expiresDate: Int64?
        var purchaseDate: Int64?
        var transactionReason: String?
        var price: Int64?
        var currency: String?
        var storefront: String?
        var appAccountToken: String?
        var autoRenewStatus: Int32?
        var autoRenewProductId: String?
    }

    var vectors: [Vector]

    static func vectors(kind: String) -> [Vector] {
        guard let manifest = try? Fixture.decode(ConformanceManifest.self, "conformance/manifest.json") else { return [] }
        return manifest.vectors.filter { $0.decoded.kind == kind }
    }

    /// The JWS text of a vector.
    static func jws(_ vector: Vector) throws -> String {
        try Fixture.text("conformance/\(vector.file)")
    }

    /// The pretty-printed decoded payload written next to the vectors (`signed-payloads/`).
    static func payloadFixture(_ vector: Vector) -> String {
        let number = vector.file.replacingOccurrences(of: "jws/", with: "").replacingOccurrences(of: ".jws", with: "")
        return "signed-payloads/\(vector.decoded.kind)-\(number).json"
    }
}
