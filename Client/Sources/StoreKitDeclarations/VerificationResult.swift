/// `StoreKit.VerificationResult`.
public enum VerificationResult<SignedType> {
    case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
    case verified(SignedType)

    /// `var unsafePayloadValue: SignedType { get }`
    public var unsafePayloadValue: SignedType {
        switch self {
        case .unverified(let value, _), .verified(let value): value
        }
    }
}

extension VerificationResult: Sendable where SignedType: Sendable {}

extension VerificationResult {
    /// `VerificationResult.VerificationError`.
    public enum VerificationError: Error, Sendable {
        case revokedCertificate
        case invalidCertificateChain
        case invalidDeviceVerification
        case invalidEncoding
        case invalidSignature
        case missingRequiredProperties
    }
}

extension VerificationResult where SignedType == Transaction {
    /// `var jwsRepresentation: String { get }`: the transaction signed by the App Store (JWS).
    public var jwsRepresentation: String { storeKitUnavailable() }
}
