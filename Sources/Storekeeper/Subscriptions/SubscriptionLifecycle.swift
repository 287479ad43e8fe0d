/// The auto-renewable subscription state machine: pure, no IO.
///
/// `apply` merges a fact's records into the state's last-writer-wins registers, derives the
/// view before and after, and returns the difference as actions. Because the state is only
/// registers, applying a set of facts in any order, with any duplicates, yields an equal state;
/// a fact older than what the state holds for each of its keys changes nothing and yields no
/// actions ("cannot move state backwards").
///
/// Decisions the derivation makes (see ``SubscriptionView``):
/// - Registers: transactions by `transactionId`, the renewal info, the latest status, and
///   renewal extensions by period; the later `signedDate` wins, equal dates are broken by the
///   records' canonical JSON (never by arrival).
/// - Periods are keyed by `webOrderLineItemId` (legacy records without one: product and purchase
///   second) and represented by their latest-signed transaction, so a restore's new transaction
///   ID adds no period and no payment.
/// - A period's access ends at the earliest of its expiry, its revocation, and the next period's
///   purchase; so a crossgrade or upgrade can never add its old period's remaining time
///   (`seeds/003_*`), even before Apple's word that the old one was `isUpgraded` arrives.
/// - The phase comes from the current (latest) period and the newest billing word about it:
///   the status register or the renewal info, whichever was signed later (the status on a tie),
///   ignoring words signed before the current period was purchased.
/// - Actions are diffs of derived views, so "period paid" is emitted once per period key in any
///   delivery order.
public enum SubscriptionLifecycle {
    /// Applies `fact` to `state` (nil: the subscription is new).
    public static func apply(
        _ fact: SubscriptionFact, to state: SubscriptionState?
    ) -> (state: SubscriptionState, actions: [SubscriptionAction]) {
        let previous =
            state ?? SubscriptionState(environment: fact.environment, originalTransactionId: fact.originalTransactionId)
        guard previous.environment == fact.environment, previous.originalTransactionId == fact.originalTransactionId
        else { return (previous, [.factIgnored(.identityMismatch)]) }
        var next = previous
        let foreign = next.merge(fact)
        var actions: [SubscriptionAction] = []
        if next != previous {
            actions = SubscriptionTransition(before: previous.view, after: next.view, fact: fact, state: next).actions()
        }
        if foreign > 0 { actions.append(.factIgnored(.foreignRecords(foreign))) }
        return (next, actions)
    }

    /// Applies facts one after the other (a convenience for replays and tests).
    public static func apply<Facts: Sequence<SubscriptionFact>>(
        _ facts: Facts, to state: SubscriptionState?
    ) -> (state: SubscriptionState?, actions: [SubscriptionAction]) {
        var state = state
        var actions: [SubscriptionAction] = []
        for fact in facts {
            let result = apply(fact, to: state)
            state = result.state
            actions += result.actions
        }
        return (state, actions)
    }
}
