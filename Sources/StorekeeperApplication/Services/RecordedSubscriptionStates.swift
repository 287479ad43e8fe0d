internal import Foundation
package import Storekeeper

/// The subscription states one transaction has written, each with the bytes it was stored as.
/// Recomputing grants after a lifecycle step reads the subscriptions back; a row whose bytes are
/// the ones written is the state in hand, so it is not decoded again (a subscription
/// notification's state holds every transaction of the subscription, and decoding it was a
/// tenth of the notification's own work). Any other row is decoded as stored.
package struct RecordedSubscriptionStates: Sendable {
    private var states: [PurchaseKey: (stored: Data, state: SubscriptionState)] = [:]

    package init() {}

    package mutating func remember(_ state: SubscriptionState, as saved: StoredSubscription) {
        states[PurchaseKey(saved)] = (saved.state, state)
    }

    package func state(of stored: StoredSubscription) throws -> SubscriptionState {
        if let known = states[PurchaseKey(stored)], known.stored == stored.state { return known.state }
        return try SubscriptionApplier.decode(stored.state)
    }
}
