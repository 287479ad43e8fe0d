import Storekeeper
import Synchronization

/// The owner candidates of one purchase that a statement read beside its own work (PostgreSQL's
/// inbox insert reads those of the notification's purchase), kept to answer the transaction's
/// owner reads of that purchase without a round trip for as long as no other statement ran:
/// nothing this transaction did can have changed them meanwhile, and the reads were unlocked
/// reads anyway (what changed since is caught under the purchase's lock).
final class OwnerCandidatesMemo: Sendable {
    private let remembered = Mutex<(key: OwnerCandidatesKey, candidates: OwnerCandidates)?>(nil)

    func remember(_ candidates: OwnerCandidates, of key: OwnerCandidatesKey) {
        remembered.withLock { $0 = (key, candidates) }
    }

    /// Called before every statement of the transaction.
    func forget() {
        remembered.withLock { $0 = nil }
    }

    /// The candidates read for exactly `key`, if they still stand.
    func candidates(of key: OwnerCandidatesKey) -> OwnerCandidates? {
        remembered.withLock { $0?.key == key ? $0?.candidates : nil }
    }

    /// The owner read for `purchase` (under any token), if it still stands: `.some(nil)` when
    /// the purchase had no owner.
    func owner(of purchase: PurchaseKey) -> CustomerID?? {
        remembered.withLock { $0?.key.purchase == purchase ? .some($0?.candidates.owner) : nil }
    }
}
