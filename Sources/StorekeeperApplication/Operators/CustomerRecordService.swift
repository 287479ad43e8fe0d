package import AppStoreModels
package import Foundation
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

/// A customer's whole record for support (``AdminCustomerRecord``), read from one snapshot, and
/// the pages of its unbounded parts (orders, wallet entries).
package struct CustomerRecordService: Sendable {
    package let store: any PurchaseStore
    package let now: any WallClock

    package init(
        store: any PurchaseStore, now: any WallClock
    ) {
        self.store = store
        self.now = now
    }

    /// How many of each unbounded list the record shows; the rest is paged.
    package static let purchaseLimit = 50
    package static let pageLimit = 20
    package static let aliasLimit = 100
    /// Apple accounts shown: an app account is normally behind one or two.
    package static let appleAccountLimit = 20
    /// The most a page route answers.
    package static let maximumPage = 200

    package func record(_ customerId: CustomerID) async throws -> AdminCustomerRecord {
        let now = now()
        return try await store.read { reader in
            let customer = try await reader.customer(customerId)
            let grants = try await reader.grants(customerId: customerId)
            let subscriptions = try await reader.subscriptions(customerId: customerId)
            let balances = try await reader.balances(customerId: customerId)
            let entries = try await reader.journalPage(customerId: customerId, before: nil, limit: Self.pageLimit)
            let orders = try await reader.orders(customerId: customerId, before: nil, limit: Self.pageLimit)
            let purchases = try await reader.transactions(customerId: customerId, limit: Self.purchaseLimit)
            let aliases = try await reader.aliases(of: customerId, limit: Self.aliasLimit)
            let operatorGrants =
                grants.contains { $0.source.operatorGrantId != nil }
                ? try await reader.operatorGrants(customerId: customerId) : []
            let grantsById = Dictionary(operatorGrants.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let appleAccounts = try await Self.appleAccounts(of: customerId, in: reader)
            return AdminCustomerRecord(
                customerId: customerId.rawValue, exists: customer != nil, createdAt: customer?.createdAt.millisecondsSince1970,
                mergedInto: customer?.mergedInto?.rawValue, consumptionConsent: customer?.consumptionConsent,
                playTimeMinutes: customer?.playTimeMinutes,
                aliases: aliases.map { AdminAlias(customerId: $0.id.rawValue, createdAt: $0.createdAt.millisecondsSince1970) },
                entitlements: grants.map { Self.entitlement($0, operatorGrants: grantsById, now: now) },
                subscriptions: try subscriptions.map(Self.subscription),
                wallet: Self.wallet(balances: balances, entries: entries, customerId: customerId, limit: Self.pageLimit),
                orders: Self.orderPage(orders, limit: Self.pageLimit),
                purchases: purchases.map(Self.purchase), appleAccounts: appleAccounts)
        }
    }

    /// The Apple accounts `customerId` was seen behind, each with the other customers of its
    /// space seen behind it (another app's customers are never shown).
    package static func appleAccounts(
        of customerId: CustomerID, in reader: any AppleAccountStoreReader
    ) async throws -> [AdminAppleAccount] {
        var accounts: [AdminAppleAccount] = []
        for account in try await reader.appleAccounts(customerId: customerId).prefix(appleAccountLimit) {
            let others = try await reader.appleAccountCustomers(account).filter { $0 != customerId && $0.space == customerId.space }
            accounts.append(
                AdminAppleAccount(
                    appTransactionId: account.appTransactionId, environment: account.environment.rawValue,
                    sharedWith: others.map(\.rawValue)))
        }
        return accounts
    }

    /// Older orders, strictly before `cursor` (a record's or a page's `nextCursor`).
    package func orders(_ customerId: CustomerID, before cursor: String?, limit: Int) async throws -> AdminOrderPage {
        let position = try cursor.map(Self.orderPosition)
        let orders = try await store.read { try await $0.orders(customerId: customerId, before: position, limit: limit) }
        return Self.orderPage(orders, limit: limit)
    }

    /// Older wallet entries, strictly before `cursor`, with the balances now.
    package func ledger(_ customerId: CustomerID, before cursor: String?, limit: Int) async throws -> AdminWallet {
        let position = try cursor.map(Self.journalPosition)
        return try await store.read { reader in
            Self.wallet(
                balances: try await reader.balances(customerId: customerId),
                entries: try await reader.journalPage(customerId: customerId, before: position, limit: limit),
                customerId: customerId, limit: limit)
        }
    }

    // MARK: Shapes

    /// An entitlement with where it comes from: Apple's transaction, or an operator's grant with
    /// who granted it and why (`operatorGrants`, by id).
    package static func entitlement(_ grant: EntitlementGrant, operatorGrants: [UUID: OperatorGrant], now: Timestamp) -> AdminEntitlement {
        let source: AdminGrantSource
        if let grantId = grant.source.operatorGrantId {
            let granted = operatorGrants[grantId]
            source = AdminGrantSource(
                kind: "operatorGrant", environment: grant.source.environment.rawValue, grantId: grantId.uuidString,
                operatorName: granted?.operatorName
                    ?? String(grant.source.originalTransactionId.dropFirst(GrantSource.operatorPrefix.count)),
                reason: granted?.reason)
        } else {
            source = AdminGrantSource(
                kind: "appleTransaction", environment: grant.source.environment.rawValue,
                originalTransactionId: grant.source.originalTransactionId, transactionId: grant.source.transactionId)
        }
        return AdminEntitlement(
            id: grant.entitlement, productId: grant.productId, isActive: grant.isActive(at: now),
            startsAt: grant.startsAt.millisecondsSince1970,
            expiresAt: grant.expiresAt?.millisecondsSince1970, source: source)
    }

    package static func subscription(_ stored: StoredSubscription) throws -> AdminSubscription {
        let state = try SubscriptionApplier.decode(stored.state)
        let view = state.view
        let info = state.renewalInfo
        return AdminSubscription(
            environment: stored.environment.rawValue, originalTransactionId: stored.originalTransactionId, productId: stored.productId,
            group: stored.subscriptionGroup, phase: stored.phase, expiresAt: stored.expiresAt?.millisecondsSince1970,
            autoRenewStatus: info.map { $0.autoRenewEnabled ? 1 : 0 }, autoRenewProductId: info?.autoRenewProductId,
            expirationIntent: info?.expirationIntent?.rawValue, isInBillingRetryPeriod: info?.isInBillingRetryPeriod,
            gracePeriodExpiresDate: (view.gracePeriodExpiresDate ?? info?.gracePeriodExpiresDate)?.millisecondsSince1970,
            priceIncrease: view.priceIncrease?.rawValue, renewalPrice: view.renewalPrice, renewalCurrency: view.renewalCurrency,
            renewalExtendedUntil: view.renewalExtendedUntil?.millisecondsSince1970, pendingOffer: view.pendingOffer.map(OfferInfoBody.init),
            eligibleWinBackOfferIds: view.eligibleWinBackOfferIds, periods: view.periods.map(PaidPeriodBody.init),
            renewalInfo: info.map(RenewalInfoBody.init), billingPlanType: view.currentPeriod?.billingPlanType?.rawValue,
            commitment: view.commitment.map(CommitmentBody.init))
    }

    package static func purchase(_ stored: StoredTransaction) -> AdminPurchase {
        let t = stored.transaction
        return AdminPurchase(
            environment: t.environment.rawValue, transactionId: t.transactionId, originalTransactionId: t.originalTransactionId,
            webOrderLineItemId: t.webOrderLineItemId, productId: t.productId, productType: t.productType?.rawValue,
            quantity: t.quantity, purchaseDate: t.purchaseDate.millisecondsSince1970, expiresDate: t.expiresDate?.millisecondsSince1970,
            price: t.price, currency: t.currency,
            storefront: t.storefront, offerType: t.offerType?.rawValue, offerIdentifier: t.offerIdentifier,
            revocationDate: t.revocationDate?.millisecondsSince1970, revocationReason: t.revocationReason?.rawValue,
            isUpgraded: t.isUpgraded,
            orderId: stored.orderId, appAccountToken: t.appAccountToken, signedDate: t.signedDate.millisecondsSince1970,
            recordedAt: stored.recordedAt.millisecondsSince1970)
    }

    package static func wallet(
        balances: [String: Int64], entries: [SequencedJournalEntry], customerId: CustomerID, limit: Int
    ) -> AdminWallet {
        AdminWallet(
            balances: balances,
            entries: entries.map { sequenced in
                let entry = sequenced.entry
                return AdminLedgerEntry(
                    sequence: sequenced.sequence, key: entry.key, kind: entry.kind.rawValue, currency: entry.currency,
                    amount: entry.postings.filter { $0.account.customerId == customerId }.reduce(0) { $0 &+ $1.amount },
                    createdAt: entry.createdAt.millisecondsSince1970, reference: entry.reference, memo: entry.memo,
                    postings: entry.postings.map { AdminPosting(account: $0.account.description, amount: $0.amount) })
            },
            nextCursor: entries.count == limit
                ? entries.last.map { "\($0.entry.createdAt.millisecondsSince1970).\($0.sequence)" } : nil)
    }

    package static func orderPage(_ orders: [Order], limit: Int) -> AdminOrderPage {
        AdminOrderPage(
            items: orders.map { order in
                AdminOrder(
                    id: order.id, productId: order.productId, quantity: order.quantity, state: order.state.rawValue,
                    appAccountToken: order.appAccountToken, createdAt: order.createdAt.millisecondsSince1970,
                    updatedAt: order.updatedAt.millisecondsSince1970, expiresAt: order.expiresAt.millisecondsSince1970,
                    environment: order.environment?.rawValue, transactionId: order.transactionId,
                    failureCode: order.failureCode)
            },
            nextCursor: orders.count == limit
                ? orders.last.map { "\($0.createdAt.millisecondsSince1970).\($0.id.lowercasedString)" } : nil)
    }

    // MARK: Cursors

    package static func orderPosition(_ cursor: String) throws -> OrderPosition {
        let parts = cursor.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let at = Int64(parts[0]), let id = UUID(uuidString: parts[1]) else {
            throw StorekeeperError.invalidRequest("before must be a nextCursor of an order page")
        }
        return OrderPosition(createdAt: Timestamp(millisecondsSince1970: at), id: id)
    }

    package static func journalPosition(_ cursor: String) throws -> JournalPosition {
        let parts = cursor.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, let at = Int64(parts[0]), let sequence = Int64(parts[1]) else {
            throw StorekeeperError.invalidRequest("before must be a nextCursor of a wallet page")
        }
        return JournalPosition(createdAt: Timestamp(millisecondsSince1970: at), sequence: sequence)
    }
}
