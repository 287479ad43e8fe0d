/// The auto-renewable subscription state machine: pure, no IO.
///
/// `apply` merges a fact's records into the state's last-writer-wins registers, derives the
/// view before and after, and returns the difference as actions. Because the state is only
/// registers, applying a set of facts in any order, with any duplicates, yields an equal state;
/// a fact older than what the state holds for each of its keys changes nothing and yields no
/// actions ("cannot move state backwards").
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
