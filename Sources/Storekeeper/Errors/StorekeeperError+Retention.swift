extension StorekeeperError.Code {
    /// An app's retention rules are incomplete or name what the catalog does not have.
    public static let invalidRetentionRule = Self(rawValue: "invalidRetentionRule")
    /// A retention image Apple would refuse: not a PNG, transparent, or not the dimensions of
    /// its `imageSize`.
    public static let invalidRetentionImage = Self(rawValue: "invalidRetentionImage")
    /// A retention message Apple would refuse: a text over Apple's limits, too many bullet
    /// points, an image or bullet point naming something that is not a UUID.
    public static let invalidRetentionMessage = Self(rawValue: "invalidRetentionMessage")
    /// A real-time retention request whose `requestIdentifier` was answered before: a replay.
    public static let retentionRequestReplayed = Self(rawValue: "retentionRequestReplayed")
    /// A real-time retention request signed too long ago (or in the future) to be a live one.
    public static let retentionRequestStale = Self(rawValue: "retentionRequestStale")
    /// A real-time retention request that failed verification (forged, another app, another
    /// environment); `verificationCode` says why.
    public static let retentionRequestUnverified = Self(rawValue: "retentionRequestUnverified")
}
