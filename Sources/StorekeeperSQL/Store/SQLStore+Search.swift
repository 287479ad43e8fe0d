import AppStoreModels
import Foundation
import Storekeeper

/// The operators' search: one indexed lookup per kind of identifier the query can be.
enum SearchRows {
    static let customer = "SELECT id, merged_into FROM customers WHERE id = $1"
    static let aliases = """
        SELECT \(CustomerRows.columns) FROM customers WHERE merged_into = $1 ORDER BY id LIMIT $2
        """
    /// An order's ID and its `appAccountToken` are usually equal; both unique indexes answer.
    static let orders = """
        SELECT id, customer_id, product_id FROM orders WHERE id = $1
        UNION
        SELECT id, customer_id, product_id FROM orders WHERE app_account_token = $1
        ORDER BY id LIMIT $2
        """

    /// `$1` the identifier, `$2` the limit, then one placeholder per environment: the
    /// `(environment, transaction_id)` key.
    static func transactions(environments: Int) -> String {
        """
        SELECT environment, transaction_id, customer_id, product_id FROM transactions
        WHERE environment IN (\(placeholders(environments))) AND transaction_id = $1
        ORDER BY environment LIMIT $2
        """
    }

    /// The owner of each purchase, with the product of one of its transactions
    /// (`transactions_original`).
    static func originalTransactions(environments: Int) -> String {
        """
        SELECT o.environment, o.original_transaction_id, o.customer_id,
            (SELECT t.product_id FROM transactions t
             WHERE t.environment = o.environment AND t.original_transaction_id = o.original_transaction_id LIMIT 1)
        FROM transaction_owners o
        WHERE o.environment IN (\(placeholders(environments))) AND o.original_transaction_id = $1
        ORDER BY o.environment LIMIT $2
        """
    }

    /// One row per environment and customer whose transactions carry the identifier in
    /// `column`: a paid period's `web_order_line_item_id` (`transactions_web_order`; a restore
    /// re-issues a period's transaction ID under the same one), or an Apple account's
    /// `app_transaction_id` (`transactions_app_transaction`).
    static func customers(carrying column: String, environments: Int) -> String {
        """
        SELECT environment, customer_id, MIN(product_id) FROM transactions
        WHERE environment IN (\(placeholders(environments))) AND \(column) = $1
        GROUP BY environment, customer_id
        ORDER BY environment, customer_id LIMIT $2
        """
    }

    private static func placeholders(_ count: Int) -> String {
        (0..<count).map { "$\($0 + 3)" }.joined(separator: ", ")
    }
}

extension SQLStoreQuerying {
    func searchMatches(_ query: SearchQuery, environments: [AppStoreEnvironment], limit: Int) async throws -> [SearchMatch] {
        let limitBind = try limitValue(limit)
        var matches: [SearchMatch] = []
        if let customerId = query.customerId, limit > 0, let match = try await customerMatch(customerId) {
            matches.append(match)
        }
        if let orderId = query.orderId {
            for row in try await sql.query(SearchRows.orders, [SQLValue(orderId), limitBind]) {
                matches.append(
                    SearchMatch(
                        kind: .order, customerId: try row.customerID(1), matched: try row.uuid(0).lowercasedString,
                        productId: try row.string(2)))
            }
        }
        if let appleId = query.appleId, !environments.isEmpty {
            let binds = [SQLValue.text(appleId), limitBind] + environments.map { SQLValue($0) }
            for row in try await sql.query(SearchRows.transactions(environments: environments.count), binds) {
                let environment = AppStoreEnvironment(rawValue: try row.string(0))
                matches.append(
                    SearchMatch(
                        kind: .transaction, customerId: try row.customerID(2), matched: try row.string(1),
                        environment: environment, productId: try row.string(3)))
            }
            for row in try await sql.query(SearchRows.originalTransactions(environments: environments.count), binds) {
                matches.append(
                    SearchMatch(
                        kind: .originalTransaction, customerId: try row.customerID(2), matched: try row.string(1),
                        environment: AppStoreEnvironment(rawValue: try row.string(0)), productId: try row.optionalString(3)))
            }
            let carriers: [(SearchMatch.Kind, String)] = [
                (.webOrderLineItem, "web_order_line_item_id"), (.appTransaction, "app_transaction_id"),
            ]
            for (kind, column) in carriers {
                for row in try await sql.query(SearchRows.customers(carrying: column, environments: environments.count), binds) {
                    matches.append(
                        SearchMatch(
                            kind: kind, customerId: try row.customerID(1), matched: appleId,
                            environment: AppStoreEnvironment(rawValue: try row.string(0)), productId: try row.optionalString(2)))
                }
            }
        }
        return matches
    }

    /// The customer named `id`: itself, or (merged) the account its merges lead to.
    private func customerMatch(_ id: CustomerID) async throws -> SearchMatch? {
        guard let row = try await sql.queryFirst(SearchRows.customer, [SQLValue(id)]) else { return nil }
        guard var next = try row.optionalCustomerID(1) else {
            return SearchMatch(kind: .customer, customerId: id, matched: id.rawValue)
        }
        var account = next
        for _ in 1..<Self.maximumMergeHops {
            guard let row = try await sql.queryFirst(SearchRows.customer, [SQLValue(next)]),
                let further = try row.optionalCustomerID(1), further != id
            else { break }
            account = further
            next = further
        }
        return SearchMatch(kind: .alias, customerId: account, matched: id.rawValue)
    }

    func aliases(of customerId: CustomerID, limit: Int) async throws -> [Customer] {
        try await sql.query(SearchRows.aliases, [SQLValue(customerId), limitValue(limit)]).map(CustomerRows.customer)
    }
}
