/// `GET /v1/admin/apps/{app}/notifications/{id}`: one entry decoded — the signed payload and the
/// transaction and renewal info inside it (verified again now; when that fails, decoded without
/// verification and `verified` false), or a V1 body with its shared secret removed; the operator
/// actions on it; the raw body when asked (`raw=true`). Apple's decoded payloads are carried as
/// their JSON (``JSONPayload``), field for field as Apple names them.
public struct InboxDetailResponse: Codable, Sendable, Hashable {
    public var notification: InboxEntryBody
    public var verified: Bool
    public var verificationError: String?
    /// What Storekeeper does with the notification (a verified V2 body): applied to what, or
    /// recorded and deliberately left alone, or recorded without being interpreted — and why.
    public var handling: String?
    /// The notification's decoded `signedPayload` (`notificationType`, `subtype`, `data`, ...).
    public var payload: JSONPayload?
    /// The decoded `signedTransactionInfo`.
    public var transaction: JSONPayload?
    /// The decoded `signedRenewalInfo`.
    public var renewalInfo: JSONPayload?
    /// A V1 body, its `password` replaced by `"<redacted>"`.
    public var v1: JSONPayload?
    /// Every recorded processing attempt, oldest first (the latest retained;
    /// `notification.attempts` counts them all).
    public var attempts: [InboxAttemptBody]
    /// Replays and other operator actions on this entry, oldest first.
    public var actions: [AuditEventBody]
    /// The stored body as text (V1: the shared secret replaced by `"<redacted>"`).
    public var rawBody: String?

    public init(
        notification: InboxEntryBody, verified: Bool, verificationError: String? = nil, handling: String? = nil,
        payload: JSONPayload? = nil,
        transaction: JSONPayload? = nil, renewalInfo: JSONPayload? = nil, v1: JSONPayload? = nil, attempts: [InboxAttemptBody],
        actions: [AuditEventBody], rawBody: String? = nil
    ) {
        self.notification = notification
        self.verified = verified
        self.verificationError = verificationError
        self.handling = handling
        self.payload = payload
        self.transaction = transaction
        self.renewalInfo = renewalInfo
        self.v1 = v1
        self.attempts = attempts
        self.actions = actions
        self.rawBody = rawBody
    }
}
