import AppStoreModels
import Foundation

extension SimulationEngine {
    /// Apple's page size for transaction, refund and notification history.
    static let pageSize = 20

    /// The customer (account) a transaction identifier of `bundleId` in `environment` belongs to.
    func customer(
        ofTransaction id: String, bundleId: String, environment: AppStoreEnvironment
    ) throws(APIRequestError)
        -> StoredTransaction
    {
        guard !id.isEmpty, id.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw APIRequestError(.invalidTransactionId, reason: "Invalid transaction id.")
        }
        guard let transaction = state.transactions[id], transaction.bundleId == bundleId,
            transaction.environment == environment
        else { throw APIRequestError(.transactionIdNotFound, reason: "Transaction id not found.") }
        return transaction
    }

    /// The customer a transaction identifier or, where Apple accepts one (Get Transaction
    /// History, Get All Subscription Statuses, Get Refund History since 1.20), an app transaction
    /// identifier names: the customer's earliest transaction in the app stands for them.
    func customer(
        ofTransactionOrApp id: String, bundleId: String, environment: AppStoreEnvironment
    ) throws(APIRequestError) -> StoredTransaction {
        guard let app = accountIndex.appTransaction(id, in: state.appTransactions), app.bundleId == bundleId else {
            return try customer(ofTransaction: id, bundleId: bundleId, environment: environment)
        }
        let earliest = accountIndex.transactions(of: app.accountId, in: state.transactions)
            .filter { $0.bundleId == bundleId && $0.environment == environment }
            .min { $0.createdSequence < $1.createdSequence }
        guard let earliest else { throw APIRequestError(.transactionIdNotFound, reason: "Transaction id not found.") }
        return earliest
    }

    /// Get Transaction History (v2): the customer's transactions filtered as asked, ordered by
    /// when they were last modified, 20 a page; `revision` continues after the last one returned.
    func transactionHistory(
        of customer: StoredTransaction, request: TransactionHistoryRequest, at now: Timestamp
    ) throws(APIRequestError) -> HistoryResponse {
        let descending = request.sort == .descending
        var items = customerTransactions(customer).filter { transaction in
            let payload = transaction.payload
            if let start = request.startDate, let purchased = payload.purchaseDate, purchased < start { return false }
            if let end = request.endDate, let purchased = payload.purchaseDate, purchased >= end { return false }
            if let ids = request.productId, !ids.contains(transaction.productId) { return false }
            if let types = request.productType, !types.contains(Self.historyType(of: payload.type)) { return false }
            if let groups = request.subscriptionGroupIdentifier,
                !groups.contains(payload.subscriptionGroupIdentifier ?? "")
            {
                return false
            }
            if let ownership = request.inAppOwnershipType, payload.inAppOwnershipType != ownership { return false }
            if let revoked = request.revoked, transaction.isRevoked != revoked { return false }
            return true
        }
        items.sort { descending ? $0.modifiedSequence > $1.modifiedSequence : $0.modifiedSequence < $1.modifiedSequence }
        if let revision = request.revision {
            guard let after = PageToken.decodeRevision(revision, descending: descending) else {
                throw APIRequestError(.invalidRequestRevision, reason: "Invalid request revision.")
            }
            items = items.filter { descending ? $0.modifiedSequence < after : $0.modifiedSequence > after }
        }
        let page = Array(items.prefix(Self.pageSize))
        let boundary =
            page.last?.modifiedSequence ?? PageToken.decodeRevision(request.revision ?? "", descending: descending)
            ?? (descending ? Int64.max : 0)
        let app = state.apps[customer.bundleId]
        return HistoryResponse(
            revision: PageToken.encodeRevision(boundary, descending: descending), hasMore: items.count > page.count,
            bundleId: customer.bundleId, appAppleId: app?.reportedAppAppleId(in: customer.environment),
            environment: customer.environment, signedTransactions: try signAll(page, at: now))
    }

    /// Get Refund History (v2): the customer's refunded transactions, 20 a page.
    func refundHistory(
        of customer: StoredTransaction, revision: String?, at now: Timestamp
    ) throws(APIRequestError)
        -> RefundHistoryResponse
    {
        var items = customerTransactions(customer).filter(\.isRefunded).sorted { $0.modifiedSequence < $1.modifiedSequence }
        if let revision {
            guard let after = PageToken.decodeRevision(revision, descending: false) else {
                throw APIRequestError(.invalidRequestRevision, reason: "Invalid request revision.")
            }
            items = items.filter { $0.modifiedSequence > after }
        }
        let page = Array(items.prefix(Self.pageSize))
        let boundary = page.last?.modifiedSequence ?? revision.flatMap { PageToken.decodeRevision($0, descending: false) } ?? 0
        return RefundHistoryResponse(
            signedTransactions: try signAll(page, at: now),
            revision: PageToken.encodeRevision(boundary, descending: false), hasMore: items.count > page.count)
    }

    /// Get All Subscription Statuses: per subscription group, the latest transaction, renewal
    /// info and status of each of the customer's subscriptions, optionally only some statuses.
    func subscriptionStatuses(
        of customer: StoredTransaction, statuses: [SubscriptionStatus]?, at now: Timestamp
    ) throws(APIRequestError) -> StatusResponse {
        let subscriptions = state.subscriptions.values.filter {
            $0.accountId == customer.accountId && $0.bundleId == customer.bundleId
                && $0.environment == customer.environment && (statuses?.contains($0.status) ?? true)
        }
        let groups = Dictionary(grouping: subscriptions, by: \.groupId)
        var data: [SubscriptionGroupIdentifierItem] = []
        do {
            for (group, members) in groups.sorted(by: { $0.key < $1.key }) {
                let items = try members.sorted { $0.originalTransactionId < $1.originalTransactionId }.map {
                    (subscription) throws(SimulatorError) in
                    LastTransactionsItem(
                        status: subscription.status, originalTransactionId: subscription.originalTransactionId,
                        signedTransactionInfo: try signedTransaction(id: subscription.latestTransactionId, at: now),
                        signedRenewalInfo: try signedRenewalInfo(for: subscription, at: now))
                }
                data.append(SubscriptionGroupIdentifierItem(subscriptionGroupIdentifier: group, lastTransactions: items))
            }
        } catch {
            throw APIRequestError(.generalInternal, reason: "An unknown error occurred.")
        }
        return StatusResponse(
            environment: customer.environment, bundleId: customer.bundleId,
            appAppleId: state.apps[customer.bundleId]?.reportedAppAppleId(in: customer.environment), data: data)
    }

    /// Look Up Order ID: the transactions on an invoice, or status 1 when the order is unknown.
    func lookUpOrder(
        _ orderId: String, bundleId: String, environment: AppStoreEnvironment, at now: Timestamp
    )
        throws(APIRequestError) -> OrderLookupResponse
    {
        let items = state.transactions.values
            .filter { $0.orderId == orderId && $0.bundleId == bundleId && $0.environment == environment }
            .sorted { $0.createdSequence < $1.createdSequence }
        guard !items.isEmpty else { return OrderLookupResponse(status: .invalid) }
        return OrderLookupResponse(status: .valid, signedTransactions: try signAll(items, at: now))
    }

    private func customerTransactions(_ customer: StoredTransaction) -> [StoredTransaction] {
        accountIndex.transactions(of: customer.accountId, in: state.transactions).filter {
            $0.bundleId == customer.bundleId && $0.environment == customer.environment
        }
    }

    private func signAll(_ transactions: [StoredTransaction], at now: Timestamp) throws(APIRequestError) -> [String] {
        do {
            return try transactions.map { (transaction) throws(SimulatorError) in try signedTransaction(transaction, at: now) }
        } catch {
            throw APIRequestError(.generalInternal, reason: "An unknown error occurred.")
        }
    }

    static func historyType(of type: ProductType?) -> TransactionHistoryProductType {
        switch type {
        case .some(.autoRenewableSubscription): .autoRenewable
        case .some(.nonRenewingSubscription): .nonRenewable
        case .some(.consumable): .consumable
        default: .nonConsumable
        }
    }
}

/// Opaque pagination tokens: base64url of a tagged value, so a token from one list cannot be
/// replayed against another.
enum PageToken {
    static func encodeRevision(_ sequence: Int64, descending: Bool) -> String {
        encode("rev:\(descending ? "d" : "a"):\(sequence)")
    }

    static func decodeRevision(_ token: String, descending: Bool) -> Int64? {
        guard let text = decode(token) else { return nil }
        let parts = text.split(separator: ":")
        guard parts.count == 3, parts[0] == "rev", parts[1] == (descending ? "d" : "a") else { return nil }
        return Int64(parts[2])
    }

    static func encode(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ token: String) -> String? {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64).flatMap { String(data: $0, encoding: .utf8) }
    }
}
