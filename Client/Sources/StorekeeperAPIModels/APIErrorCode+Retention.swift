extension APIErrorCode {
    /// An app's retention rules are incomplete or name what its catalog does not have.
    public static let invalidRetentionRule = APIErrorCode(rawValue: "invalidRetentionRule")
    /// A real-time retention request answered before (same `requestIdentifier`): a replay.
    public static let retentionRequestReplayed = APIErrorCode(rawValue: "retentionRequestReplayed")
    /// A real-time retention request signed too far from now to be a live one.
    public static let retentionRequestStale = APIErrorCode(rawValue: "retentionRequestStale")
    /// A real-time retention request that failed verification (forged, another app or environment).
    public static let retentionRequestUnverified = APIErrorCode(rawValue: "retentionRequestUnverified")
}
