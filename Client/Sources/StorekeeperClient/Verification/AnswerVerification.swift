/// Whether an answer carried a valid signature from one of the app's trusted keys.
public enum AnswerVerification: Sendable, Hashable {
    case verified(keyId: String)
    case unverified(UnverifiedReason)

    public var isVerified: Bool {
        if case .verified = self { return true }
        return false
    }
}
