import AppStoreModels
import Storekeeper

/// The customer view's read. Where the dialect lets a `UNION ALL` column mix types (SQLite), it
/// is one statement: each table's rows come padded with `NULL`s to a common width, and a last
/// column says which table a row is from. That spares the four further statements and their
/// round trips through the reader. Each part's columns start at index 0, so the tables' own
/// row decoders read them unchanged.
enum CustomerRecordRows {
    /// Which table a row of ``select`` comes from: the value of its last column.
    enum Part: Int64 {
        case customer, grant, subscription, balance, purchase
    }

    /// The widest part (a purchase) sets the width; the part tag follows.
    static let width = 13
    /// Grant rows carry their `ordinal` here (the order grants are kept in).
    static let grantOrdinal = 8

    static let select = [
        branch(.customer, CustomerRows.columns, "FROM customers WHERE id = $1"),
        branch(.grant, GrantRows.columns + ", ordinal", "FROM grants WHERE customer_id = $1"),
        branch(.subscription, SubscriptionRows.viewColumns, "FROM subscriptions WHERE customer_id = $1"),
        branch(.balance, "currency, balance", "FROM ledger_accounts WHERE customer_id = $1 AND kind = 'customer'"),
        // ORDER BY and LIMIT apply to a whole compound SELECT unless inside a subquery.
        "SELECT * FROM ("
            + branch(
                .purchase, TransactionRows.historyColumns,
                "FROM transactions WHERE customer_id = $1 \(TransactionRows.newestFirst) LIMIT $2"
            ) + ")",
    ].joined(separator: "\nUNION ALL ")

    private static func branch(_ part: Part, _ columns: String, _ rest: String) -> String {
        let count = columns.split(separator: ",").count
        precondition(count <= width, "a customer record part is wider than \(width) columns")
        let padding = String(repeating: ", NULL", count: width - count)
        return "SELECT \(columns)\(padding), \(part.rawValue) \(rest)"
    }

    /// `ORDER BY` on text compares bytes (SQLite's BINARY collation, PostgreSQL's "C" columns).
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.precedesInByteOrder(b)
    }
}

extension SQLStoreQuerying {
    func customerRecord(_ id: CustomerID, purchaseLimit: Int) async throws -> CustomerRecord {
        let limit = try limitValue(purchaseLimit)
        guard sql.dialect.mixesTypesInUnions else {
            return CustomerRecord(
                customer: try await customer(id), grants: try await grants(customerId: id),
                subscriptions: try await sql.query(SubscriptionRows.viewByCustomer, [SQLValue(id)]).map(SubscriptionRows.viewed),
                balances: try await balances(customerId: id),
                purchases: try await purchaseHistory(customerId: id, limit: purchaseLimit))
        }
        var customer: Customer?
        var grants: [(ordinal: Int64, grant: EntitlementGrant)] = []
        var subscriptions: [CustomerView.Subscription] = []
        var balanceRows: [SQLRow] = []
        var purchases: [CustomerView.Purchase] = []
        for row in try await sql.query(CustomerRecordRows.select, [SQLValue(id), limit]) {
            let tag = try row.int64(CustomerRecordRows.width)
            switch CustomerRecordRows.Part(rawValue: tag) {
            case .customer: customer = try CustomerRows.customer(row)
            case .grant: grants.append((try row.int64(CustomerRecordRows.grantOrdinal), try GrantRows.grant(row)))
            case .subscription: subscriptions.append(try SubscriptionRows.viewed(row))
            case .balance: balanceRows.append(row)
            case .purchase: purchases.append(try TransactionRows.purchase(row))
            case nil: throw SQLPurchaseStoreError.corrupt("a customer record row has the unknown part \(tag)")
            }
        }
        // A compound SELECT promises no order of its own: restore each part's (``TransactionRows/newestFirst``
        // for purchases, ``SubscriptionRows/viewByCustomer``'s for subscriptions).
        let precedes = CustomerRecordRows.precedes
        subscriptions.sort {
            $0.environment != $1.environment
                ? precedes($0.environment.rawValue, $1.environment.rawValue)
                : precedes($0.originalTransactionId, $1.originalTransactionId)
        }
        purchases.sort {
            if $0.purchaseDate != $1.purchaseDate { return $0.purchaseDate > $1.purchaseDate }
            if $0.environment != $1.environment { return precedes($1.environment.rawValue, $0.environment.rawValue) }
            return precedes($1.transactionId, $0.transactionId)
        }
        return CustomerRecord(
            customer: customer, grants: grants.sorted { $0.ordinal < $1.ordinal }.map(\.grant),
            subscriptions: subscriptions, balances: try LedgerRows.balances(balanceRows, of: id), purchases: purchases)
    }
}
