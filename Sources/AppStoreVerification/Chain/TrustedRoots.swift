import Foundation
import SwiftASN1
public import X509

/// The root certificates a verifier accepts as the top of a chain.
///
/// The defaults are Apple's published roots, shipped inside this package: Apple Root CA - G3 for
/// StoreKit 2 signed data and Apple Inc. Root for legacy receipts. Tests and the simulator pass
/// their own roots explicitly; production configuration never needs to.
public struct TrustedRoots: Sendable {
    /// Each root as parsed, with its exact DER bytes (a chain's root must match them byte for byte).
    public let certificates: [Certificate]
    let derEncodings: [[UInt8]]

    public init(_ certificates: [Certificate]) throws {
        self.certificates = certificates
        self.derEncodings = try certificates.map { certificate in
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return serializer.serializedBytes
        }
    }

    /// Roots from PEM text holding one or more `CERTIFICATE` blocks.
    public init(pem: String) throws {
        let documents = try PEMDocument.parseMultiple(pemString: pem)
        guard !documents.isEmpty else {
            throw VerificationError.malformed("no PEM certificate found")
        }
        try self.init(documents.map { try Certificate(derEncoded: $0.derBytes) })
    }

    /// Apple Root CA - G3, which anchors StoreKit 2 JWS (SHA-256
    /// 63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79).
    public static let appleRootCAG3: TrustedRoots = bundled("AppleRootCA-G3")

    /// Apple Inc. Root, which anchors legacy app receipts (SHA-256
    /// B0:B1:73:0E:CB:C7:FF:45:05:14:2C:49:F1:29:5E:6E:DA:6B:CA:ED:7E:2C:68:C5:BE:91:B5:A1:10:01:F0:24).
    public static let appleIncRoot: TrustedRoots = bundled("AppleIncRootCertificate")

    private static func bundled(_ name: String) -> TrustedRoots {
        // The files are part of this package; failing to read them is a build defect, not input.
        guard let url = Bundle.module.url(forResource: name, withExtension: "pem", subdirectory: "Roots"),
            let pem = try? String(contentsOf: url, encoding: .utf8),
            let roots = try? TrustedRoots(pem: pem)
        else { preconditionFailure("bundled Apple root \(name).pem is missing or unreadable") }
        return roots
    }

    /// The trusted root whose DER encoding equals `der`, if any.
    func root(matching der: ArraySlice<UInt8>) -> Certificate? {
        for (index, encoding) in derEncodings.enumerated() where encoding.elementsEqual(der) {
            return certificates[index]
        }
        return nil
    }
}
