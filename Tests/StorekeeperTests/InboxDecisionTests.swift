import Storekeeper
import Testing

/// The inbox's decisions, without a store: every outcome of every step, and what it leads to.
@Suite("Inbox decisions")
struct InboxDecisionTests {
    typealias Status = InboxNotification.Status

    @Test("an unverifiable body is recorded failed when a retry may cure it, else rejected")
    func unverified() {
        #expect(
            InboxDecision.unverified("OCSP responder unreachable", retryable: true)
                == .recordFailure(reason: "OCSP responder unreachable", answer: "OCSP responder unreachable"))
        #expect(InboxDecision.unverified("bad signature", retryable: false) == .reject("bad signature"))
    }

    @Test(
        "the first commit of a V2 notification",
        arguments: [
            (InboxDecision.FirstCommit.applied, InboxDecision.Next.answer(.processed)),
            (.storedBefore(.processed), .answer(.duplicate)),
            (.storedBefore(.received), .answer(.duplicate)),
            (.storedBefore(.rejected), .answer(.duplicate)),
            (.storedBefore(nil), .answer(.duplicate)),
            (.storedBefore(.failed), .apply),
            (
                .failed("deadlock", unstorable: false),
                .fail(.recordFailure(reason: "deadlock", answer: "processing failed: deadlock"))
            ),
            (
                .failed("nulInText", unstorable: true),
                .fail(.reject("the notification holds text that cannot be stored: nulInText"))
            ),
        ])
    func firstCommit(commit: InboxDecision.FirstCommit, next: InboxDecision.Next) {
        #expect(InboxDecision.afterFirstCommit(commit) == next)
    }

    @Test(
        "applying a stored entry",
        arguments: [
            (InboxDecision.Applying.applied, InboxDecision.Ending.answer(.processed)),
            (
                .failed("deadlock", unstorable: false),
                .fail(.recordFailure(reason: "deadlock", answer: "processing failed: deadlock"))
            ),
            (.failed("nulInText", unstorable: true), .fail(.reject("nulInText"))),
        ])
    func applying(applying: InboxDecision.Applying, ending: InboxDecision.Ending) {
        #expect(InboxDecision.afterApplying(applying) == ending)
    }

    @Test("a V1 body stored again is a duplicate only once it was processed")
    func storingV1() {
        #expect(InboxDecision.afterStoringV1(previous: .processed) == .duplicate)
        for previous in [nil, Status.received, .failed, .rejected] {
            #expect(InboxDecision.afterStoringV1(previous: previous) == nil, "\(String(describing: previous))")
        }
    }

    @Test("a replay applies what is not final, and keeps a V1 rejection")
    func replay() {
        #expect(InboxDecision.replay(.processed, version: 2, lastError: nil) == .duplicate)
        #expect(InboxDecision.replay(.processed, version: 1, lastError: nil) == .duplicate)
        #expect(InboxDecision.replay(.rejected, version: 1, lastError: "wrong secret") == .rejected("wrong secret"))
        #expect(InboxDecision.replay(.rejected, version: 1, lastError: nil) == .rejected("rejected on arrival"))
        for (status, version) in [(Status.rejected, 2), (.received, 2), (.failed, 2), (.received, 1), (.failed, 1)] {
            #expect(InboxDecision.replay(status, version: version, lastError: nil) == nil, "\(status) V\(version)")
        }
    }

    @Test("each answer is counted under its outcome")
    func outcomes() {
        let answers: [(InboxDecision.Answer, String)] = [
            (.processed, "processed"), (.duplicate, "duplicate"), (.rejected("x"), "rejected"),
            (.unauthorized, "unauthorized"), (.retry("x"), "retry"),
        ]
        for (answer, outcome) in answers { #expect(InboxDecision.outcome(of: answer) == outcome) }
    }
}
