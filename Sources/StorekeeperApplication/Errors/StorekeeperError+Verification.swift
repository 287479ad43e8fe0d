public import AppStoreVerification
public import Storekeeper

extension StorekeeperError {
    /// Signed data that failed verification: `unavailable` when a retry may succeed (the
    /// certificate status could not be checked, say), else `rejected` with the verifier's code.
    public static func verification(_ error: VerificationError) -> Self {
        if error.isRetryable {
            return .init(
                .unavailable, "verification could not complete; retry later", kind: .unavailable,
                verificationCode: error.code.rawValue, underlying: error)
        }
        return .init(
            Code(rawValue: error.code.rawValue), "signed data rejected: \(error.code.rawValue)", kind: .rejected,
            verificationCode: error.code.rawValue, underlying: error)
    }
}
