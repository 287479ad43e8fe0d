import AppStoreModels
import AppStoreVerification
import Crypto
import Foundation

/// A compact ES256 JWS/JWT signed by a key the simulator holds the public half of: App Store
/// Server API bearer tokens and the JWS forms of offer signatures.
struct CompactJWT<Claims: Decodable> {
    struct Header: Decodable {
        var alg: String?
        var kid: String?
        var typ: String?
    }

    let header: Header
    let claims: Claims
    private let signingInput: Data
    private let signature: [UInt8]

    /// Splits and decodes `token`; nothing is trusted until ``isSigned(by:)``.
    init(_ token: String) throws(SimulatorError) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, token.utf8.count <= 16 * 1024 else {
            throw .invalidRequest("not a compact JWS of three segments")
        }
        guard let headerBytes = Base64.decodeURL(String(parts[0])),
            let claimBytes = Base64.decodeURL(String(parts[1])),
            let signature = Base64.decodeURL(String(parts[2]))
        else { throw .invalidRequest("JWS segments are not base64url") }
        do {
            header = try JSONCoding.decode(Header.self, from: Data(headerBytes))
            claims = try JSONCoding.decode(Claims.self, from: Data(claimBytes))
        } catch {
            throw .invalidRequest("JWS header or claims do not decode: \(error)")
        }
        guard header.alg == "ES256" else {
            throw .invalidRequest("JWS alg is \(header.alg ?? "absent"), not ES256")
        }
        self.signingInput = Data((parts[0] + "." + parts[1]).utf8)
        self.signature = signature
    }

    /// Whether the ES256 signature (raw r||s) verifies under `key`.
    func isSigned(by key: P256.Signing.PublicKey) -> Bool {
        guard signature.count == 64, let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else {
            return false
        }
        return key.isValidSignature(ecdsa, for: signingInput)
    }
}
