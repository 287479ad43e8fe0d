import AppStoreModels
import Foundation

extension SimulationEngine {
    /// The other accounts of `accountId`'s family group in the same environment.
    func familyMembers(of accountId: String) -> [SimulatedAccount] {
        guard let account = state.accounts[accountId], let family = account.familyGroupId else { return [] }
        return state.accounts.values
            .filter { $0.id != accountId && $0.familyGroupId == family && $0.environment == account.environment }
            .sorted { $0.id < $1.id }
    }

    /// Gives each family member a `FAMILY_SHARED` copy of a shareable non-consumable, with its
    /// own `ONE_TIME_CHARGE` notification.
    mutating func shareWithFamily(
        _ transaction: StoredTransaction, product: CatalogProduct, at time: Timestamp
    ) throws(SimulatorError) -> [String] {
        var ids: [String] = []
        for member in familyMembers(of: transaction.accountId)
        where !ownsNonConsumable(account: member.id, bundleId: transaction.bundleId, product.productId) {
            let copy = try issueTransaction(
                NewTransaction(
                    account: member, product: product, bundleId: transaction.bundleId,
                    storefront: try storefront(transaction.payload.storefront ?? member.storefront), purchaseDate: time,
                    ownership: .familyShared, familySource: transaction.transactionId))
            try notify(
                .oneTimeCharge, bundleId: transaction.bundleId, environment: member.environment, accountId: member.id,
                transaction: copy, at: time)
            ids.append(copy.transactionId)
        }
        return ids
    }

    /// Mirrors an event of a purchaser's shared subscription to the accounts that follow it: the
    /// family members of a shareable subscription (`FAMILY_SHARED`), or the members of a
    /// multiseat subscription with Apple-hosted invitations (`ASSIGNED`).
    @discardableResult
    mutating func mirrorFamilyEvent(
        _ purchaser: SimulatedSubscription, type: NotificationTypeV2, subtype: NotificationSubtype?,
        newTransaction: StoredTransaction?, at time: Timestamp
    ) throws(SimulatorError) -> [String] {
        guard !purchaser.followsPurchaser, let product = state.apps[purchaser.bundleId]?.products[purchaser.productId]
        else { return [] }
        let event = SharedEvent(type: type, subtype: subtype, newTransaction: newTransaction, time: time)
        if let seats = purchaser.seatGroup {
            guard seats.invitationManagement == .apple else { return [] }
            return try mirror(
                purchaser, product: product, to: seats.members.compactMap { state.accounts[$0] }, ownership: .assigned, event)
        }
        guard product.familyShareable else {
            // The purchaser moved to a product that is not shared: members lose access.
            try revokeFamilySharing(of: purchaser.latestTransactionId, at: time)
            return []
        }
        return try mirror(purchaser, product: product, to: familyMembers(of: purchaser.accountId), ownership: .familyShared, event)
    }

    /// An event of a purchaser's subscription that the accounts following it receive too.
    struct SharedEvent {
        var type: NotificationTypeV2
        var subtype: NotificationSubtype?
        var newTransaction: StoredTransaction?
        var time: Timestamp
    }

    /// Mirrors `event` to each of `members`: a new period gets a transaction of the member's own
    /// with `ownership` (the first one starts the member's subscription; an assigned member's
    /// carries the purchaser's seat information), the subscription's state is copied, and the
    /// member gets the same notification type.
    mutating func mirror(
        _ purchaser: SimulatedSubscription, product: CatalogProduct, to members: [SimulatedAccount],
        ownership: InAppOwnershipType, _ event: SharedEvent
    ) throws(SimulatorError) -> [String] {
        let time = event.time
        var ids: [String] = []
        for member in members {
            var shared = state.subscriptions.values.first {
                $0.sharedFrom == purchaser.originalTransactionId && $0.accountId == member.id
            }
            if shared?.phase == .revoked { continue }
            if shared == nil && event.newTransaction == nil { continue }
            if let source = event.newTransaction {
                let assigned = ownership == .assigned
                let copy = try issueTransaction(
                    NewTransaction(
                        account: member, product: product, bundleId: purchaser.bundleId,
                        storefront: try storefront(purchaser.storefront),
                        purchaseDate: source.payload.purchaseDate ?? time, expiresDate: source.payload.expiresDate,
                        originalTransactionId: shared?.originalTransactionId,
                        originalPurchaseDate: shared.flatMap { state.transactions[$0.originalTransactionId]?.payload.purchaseDate },
                        webOrderLineItemId: nil, quantity: assigned ? source.payload.quantity ?? 1 : 1,
                        reason: source.payload.transactionReason ?? .purchase, ownership: ownership,
                        price: assigned ? source.payload.price : nil, familySource: source.transactionId,
                        multiSeatInfo: assigned ? source.payload.multiSeatInfo : nil))
                if shared == nil {
                    shared = SimulatedSubscription(
                        originalTransactionId: copy.originalTransactionId, accountId: member.id,
                        bundleId: purchaser.bundleId, groupId: purchaser.groupId, environment: member.environment,
                        storefront: purchaser.storefront, productId: purchaser.productId,
                        autoRenewProductId: purchaser.autoRenewProductId, autoRenewEnabled: purchaser.autoRenewEnabled,
                        phase: purchaser.phase, latestTransactionId: copy.transactionId,
                        expiresDate: purchaser.expiresDate, recentSubscriptionStartDate: time, extensionDates: [],
                        extensionResponses: [:], ownership: ownership, sharedFrom: purchaser.originalTransactionId)
                }
                shared?.latestTransactionId = copy.transactionId
                ids.append(copy.transactionId)
            }
            guard var mirrored = shared else { continue }
            mirrored.productId = purchaser.productId
            mirrored.autoRenewProductId = purchaser.autoRenewProductId
            mirrored.autoRenewEnabled = purchaser.autoRenewEnabled
            mirrored.phase = purchaser.phase
            mirrored.expiresDate = purchaser.expiresDate
            mirrored.expirationIntent = purchaser.expirationIntent
            mirrored.gracePeriodExpiresDate = purchaser.gracePeriodExpiresDate
            mirrored.billingRetryEndsDate = purchaser.billingRetryEndsDate
            mirrored.priceIncrease = purchaser.priceIncrease
            mirrored.pendingOffer = purchaser.pendingOffer
            store(mirrored)
            try notify(
                event.type, event.subtype, bundleId: mirrored.bundleId, environment: mirrored.environment,
                accountId: member.id, transaction: state.transactions[mirrored.latestTransactionId], subscription: mirrored,
                at: time)
        }
        return ids
    }

    /// Family Sharing revocation: the purchaser stopped sharing, or members left the family.
    /// Each member's copy of `transactionId` (the member's current period, for subscriptions) is
    /// revoked (`FAMILY_REVOKE`) and the member gets `REVOKE`.
    @discardableResult
    mutating func revokeFamilySharing(
        of transactionId: String, member: String? = nil, at time: Timestamp
    ) throws(SimulatorError) -> [String] {
        let source = try transaction(transactionId)
        var revoked: [String] = []
        if let purchaser = subscription(of: source), !purchaser.isFamilyShared {
            let shared = state.subscriptions.values.filter {
                $0.sharedFrom == purchaser.originalTransactionId && $0.phase != .revoked
                    && (member == nil || $0.accountId == member)
            }
            for var subscription in shared.sorted(by: { $0.accountId < $1.accountId }) {
                revokeShared(subscription.latestTransactionId, at: time)
                subscription.phase = .revoked
                subscription.autoRenewEnabled = false
                store(subscription)
                try notify(
                    .revoke, bundleId: subscription.bundleId, environment: subscription.environment,
                    accountId: subscription.accountId, transaction: state.transactions[subscription.latestTransactionId],
                    subscription: subscription, at: time)
                revoked.append(subscription.latestTransactionId)
            }
        } else {
            let copies = state.transactions.values.filter {
                $0.familySourceTransactionId == transactionId && !$0.isRevoked && (member == nil || $0.accountId == member)
            }
            for copy in copies.sorted(by: { $0.createdSequence < $1.createdSequence }) {
                revokeShared(copy.transactionId, at: time)
                try notify(
                    .revoke, bundleId: copy.bundleId, environment: copy.environment, accountId: copy.accountId,
                    transaction: state.transactions[copy.transactionId], at: time)
                revoked.append(copy.transactionId)
            }
        }
        return revoked
    }

    private mutating func revokeShared(_ transactionId: String, at time: Timestamp) {
        modifyTransaction(transactionId) {
            $0.revocationDate = time
            $0.revocationType = .familyRevoke
            $0.revocationPercentage = 100_000
        }
    }
}
