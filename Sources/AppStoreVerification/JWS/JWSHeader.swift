import AppStoreModels

/// The protected header of an App Store JWS: `{"alg":"ES256","x5c":[leaf, intermediate, root]}`.
struct JWSHeader: Decodable {
    var alg: String?
    var x5c: [String]?
    /// RFC 7515 §4.1.11: extensions the recipient must understand. We understand none.
    var crit: [String]?

    /// Decodes and checks a header segment, returning the DER certificates of `x5c`.
    ///
    /// The algorithm is pinned: ES256 is the only one accepted, and the header's `alg` is only
    /// compared against it, never used to choose how to verify.
    static func certificates(fromSegment segment: UnsafeBufferPointer<UInt8>) throws(VerificationError) -> [[UInt8]] {
        guard let json = Base64.decodeURL(segment) else {
            throw .malformed("JWS header is not canonical unpadded base64url")
        }
        let header: JWSHeader
        do {
            header = try JSONCoding.decodeStrict(JWSHeader.self, from: json, maxDepth: 4)
        } catch {
            throw .malformed("JWS header is not a JSON object of the expected shape: \(error)")
        }
        guard let alg = header.alg else {
            throw .unsupportedAlgorithm("JWS header has no alg; only ES256 is accepted")
        }
        guard alg == "ES256" else {
            throw .unsupportedAlgorithm("JWS alg \(alg.debugDescription) is not ES256")
        }
        guard header.crit == nil else {
            throw .malformed("JWS header has crit extensions, which are not supported")
        }
        guard let x5c = header.x5c else {
            throw .invalidCertificateChain("JWS header has no x5c certificate chain")
        }
        guard x5c.count == 3 else {
            throw .invalidCertificateChain("x5c has \(x5c.count) certificates; Apple's chain has exactly 3")
        }
        var certificates: [[UInt8]] = []
        for (index, encoded) in x5c.enumerated() {
            guard let der = Base64.decodeStandard(encoded) else {
                throw .malformed("x5c[\(index)] is not canonical padded base64")
            }
            certificates.append(der)
        }
        return certificates
    }
}
