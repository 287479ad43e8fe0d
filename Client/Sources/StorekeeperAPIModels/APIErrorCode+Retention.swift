extension APIErrorCode {
    /// An app's retention rules are incomplete or name what its catalog does not have.
    public static let invalidRetentionRule = APIErrorCode(rawValue: "invalidRetentionRule")
    /// A retention image Apple would refuse: not a PNG, transparent, or not the dimensions of its size.
    public static let invalidRetentionImage = APIErrorCode(rawValue: "invalidRetentionImage")
    /// A retention message Apple would refuse: a text over its limit, too many bullet points, an
    /// identifier that is not a UUID.
    public static let invalidRetentionMessage = APIErrorCode(rawValue: "invalidRetentionMessage")
    /// A real-time retention request answered before (same `requestIdentifier`): a replay.
    public static let retentionRequestReplayed = APIErrorCode(rawValue: "retentionRequestReplayed")
    /// A real-time retention request signed too far from now to be a live one.
    public static let retentionRequestStale = APIErrorCode(rawValue: "retentionRequestStale")
    /// A real-time retention request that failed verification (forged, another app or environment).
    public static let retentionRequestUnverified = APIErrorCode(rawValue: "retentionRequestUnverified")
}
