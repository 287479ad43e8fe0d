/// What the notification inbox does with one delivery of an App Store notification, decided from
/// what each step learnt — the body, its verification, the commit that stores and applies it, an
/// earlier delivery's entry — without I/O. The service receiving a notification carries out the
/// ``Step`` returned: it records the entry's status, answers Apple and counts the outcome.
///
/// The rules: nothing is acknowledged before it is stored; a body that can never be applied is
/// recorded rejected and answered 200 (`rejected`), so Apple stops sending it; a failure a retry
/// may cure is recorded failed and answered 503, so Apple sends it again (and the inbox processor
/// retries it too); an entry applied once is never applied again (`processed` is final).
public enum InboxDecision {
    /// What Apple (or the operator replaying an entry) is told.
    public enum Answer: Sendable, Hashable {
        /// Applied now (HTTP 200).
        case processed
        /// Already received; nothing new happened (HTTP 200).
        case duplicate
        /// Can never be applied; recorded so an operator can look (HTTP 200, so Apple stops).
        case rejected(String)
        /// The shared secret of a V1 body is wrong (HTTP 401; recorded).
        case unauthorized
        /// Could not be applied now; recorded; Apple should retry (HTTP 503).
        case retry(String)
    }

    /// A delivery that cannot be applied now, and how it is recorded.
    public enum Failure: Sendable, Hashable {
        /// It can never be applied: record it rejected (a new body under the digest of its bytes,
        /// a stored entry by marking it) and answer ``Answer/rejected(_:)``.
        case reject(String)
        /// A retry may cure it: record the failed attempt with `reason` (it counts towards the
        /// entry's backoff) and answer ``Answer/retry(_:)`` with `answer`.
        case recordFailure(reason: String, answer: String)
    }

    /// What to do next with a stored or verified delivery.
    public enum Next: Sendable, Hashable {
        /// Nothing more to write: answer.
        case answer(Answer)
        /// Apply the stored entry, marking it processed in the same transaction.
        case apply
        case fail(Failure)
    }

    /// How an attempt to apply ends.
    public enum Ending: Sendable, Hashable {
        case answer(Answer)
        case fail(Failure)
    }

    /// How the commit that applies a notification ended.
    public enum Applying: Sendable, Hashable {
        /// Applied, and its entry stored or marked processed, in one transaction.
        case applied
        /// Nothing was committed. `unstorable`: the notification holds text no backend stores
        /// (U+0000), which no retry changes.
        case failed(String, unstorable: Bool)
    }

    /// How the first commit of a verified V2 notification, which stores and applies it in one
    /// transaction, ended.
    public enum FirstCommit: Sendable, Hashable {
        /// Stored and applied.
        case applied
        /// Nothing new stored: an entry with the same id was stored before, with this status.
        case storedBefore(InboxNotification.Status?)
        /// Nothing was committed (see ``Applying/failed(_:unstorable:)``).
        case failed(String, unstorable: Bool)
    }

    /// A body whose signature or shape could not be verified: a failure a retry may cure (the
    /// certificate status could not be checked) is recorded failed, anything else rejected.
    public static func unverified(_ reason: String, retryable: Bool) -> Failure {
        retryable ? .recordFailure(reason: reason, answer: reason) : .reject(reason)
    }

    /// After the commit that stores a verified V2 notification and applies it.
    public static func afterFirstCommit(_ commit: FirstCommit) -> Next {
        switch commit {
        case .applied:
            .answer(.processed)
        case .storedBefore(let status):
            // Stored by an attempt that failed: apply it now. Stored and applied, being applied
            // (the insert waited for it to commit), or rejected: an arrival again, nothing more.
            status == .failed ? .apply : .answer(.duplicate)
        case .failed(let reason, unstorable: true):
            // Text of the signed payload (its ID, type, a transaction's field): the body is
            // recorded under the digest of its bytes instead.
            .fail(.reject("the notification holds text that cannot be stored: \(reason)"))
        case .failed(let reason, unstorable: false):
            .fail(retry(reason))
        }
    }

    /// After the commit that applies a stored entry and marks it processed.
    public static func afterApplying(_ applying: Applying) -> Ending {
        switch applying {
        case .applied: .answer(.processed)
        case .failed(let reason, unstorable: true): .fail(.reject(reason))
        case .failed(let reason, unstorable: false): .fail(retry(reason))
        }
    }

    private static func retry(_ reason: String) -> Failure {
        .recordFailure(reason: reason, answer: "processing failed: \(reason)")
    }

    /// After storing a V1 body on its own (V1 bodies are stored, then applied fact by fact): an
    /// entry stored and processed before is a duplicate; a new one, or one whose earlier delivery
    /// was not applied, is applied (`nil`).
    public static func afterStoringV1(previous: InboxNotification.Status?) -> Answer? {
        previous == .processed ? .duplicate : nil
    }

    /// An operator's replay of a stored entry, under the rules of a first delivery: a processed
    /// entry is a duplicate; a rejected V1 body stays rejected (V1 bodies are authenticated —
    /// shared secret, bundle — only on arrival); anything else is verified again (V2) and applied
    /// (`nil`).
    public static func replay(_ status: InboxNotification.Status, version: Int, lastError: String?) -> Answer? {
        switch status {
        case .processed: .duplicate
        case .rejected where version != 2: .rejected(lastError ?? "rejected on arrival")
        case .received, .failed, .rejected: nil
        }
    }

    /// The outcome counted for an answer (the `outcome` label of the notification metric).
    public static func outcome(of answer: Answer) -> String {
        switch answer {
        case .processed: "processed"
        case .duplicate: "duplicate"
        case .rejected: "rejected"
        case .unauthorized: "unauthorized"
        case .retry: "retry"
        }
    }
}
