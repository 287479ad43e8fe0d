import AppStoreModels
import Foundation
import Storekeeper

/// The `transactions` table: every field of `AppleTransaction` is a column, followed by the
/// stored record's own columns.
enum TransactionRows {
    /// The fact's columns, in the order of ``factBinds(_:)`` (`$1` ... `$29`).
    static let factColumns = """
        environment, transaction_id, original_transaction_id, web_order_line_item_id, product_id, product_type, \
        subscription_group_identifier, purchase_date, original_purchase_date, expires_date, quantity, \
        app_account_token, ownership_type, revocation_date, revocation_reason, is_upgraded, offer_type, \
        offer_identifier, offer_discount_type, offer_period, price, currency, storefront, transaction_reason, \
        signed_date, source, app_transaction_id, multi_seat, additional_transaction_reason
        """
    static let factCount = 29
    static let columns = factColumns + ", customer_id, order_id, recorded_at"

    static func factBinds(_ t: AppleTransaction) -> [SQLValue] {
        [
            SQLValue(t.environment), .text(t.transactionId), .text(t.originalTransactionId),
            SQLValue(t.webOrderLineItemId), .text(t.productId), SQLValue(t.productType?.rawValue),
            SQLValue(t.subscriptionGroupIdentifier), SQLValue(t.purchaseDate), SQLValue(t.originalPurchaseDate),
            SQLValue(t.expiresDate), SQLValue(t.quantity), SQLValue(t.appAccountToken),
            SQLValue(t.ownership?.rawValue), SQLValue(t.revocationDate), SQLValue(t.revocationReason?.rawValue),
            SQLValue(t.isUpgraded), SQLValue(t.offerType?.rawValue), SQLValue(t.offerIdentifier),
            SQLValue(t.offerDiscountType?.rawValue), SQLValue(t.offerPeriod), SQLValue(t.price),
            SQLValue(t.currency), SQLValue(t.storefront), SQLValue(t.transactionReason?.rawValue),
            SQLValue(t.signedDate), .text(t.source.rawValue), SQLValue(t.appTransactionId),
            SQLValue(t.multiSeatInfo.flatMap { try? String(decoding: JSONCoding.encode($0), as: UTF8.self) }),
            SQLValue(t.additionalTransactionReason?.rawValue),
        ]
    }

    /// The fact in columns 0..<29. Open enumerations keep unknown raw values.
    static func transaction(_ row: SQLRow) throws -> AppleTransaction {
        AppleTransaction(
            environment: AppStoreEnvironment(rawValue: try row.string(0)), transactionId: try row.string(1),
            originalTransactionId: try row.string(2), webOrderLineItemId: try row.optionalString(3),
            productId: try row.string(4), productType: try row.optionalString(5).map(ProductType.init(rawValue:)),
            subscriptionGroupIdentifier: try row.optionalString(6), purchaseDate: try row.timestamp(7),
            originalPurchaseDate: try row.optionalTimestamp(8), expiresDate: try row.optionalTimestamp(9),
            quantity: try row.int(10), appAccountToken: try row.optionalUUID(11),
            ownership: try row.optionalString(12).map(InAppOwnershipType.init(rawValue:)),
            revocationDate: try row.optionalTimestamp(13),
            revocationReason: try row.optionalInt32(14).map(RevocationReason.init(rawValue:)),
            isUpgraded: try row.bool(15), offerType: try row.optionalInt32(16).map(OfferType.init(rawValue:)),
            offerIdentifier: try row.optionalString(17),
            offerDiscountType: try row.optionalString(18).map(OfferDiscountType.init(rawValue:)),
            offerPeriod: try row.optionalString(19), price: try row.optionalInt64(20), currency: try row.optionalString(21),
            storefront: try row.optionalString(22),
            transactionReason: try row.optionalString(23).map(TransactionReason.init(rawValue:)),
            appTransactionId: try row.optionalString(26),
            multiSeatInfo: try row.optionalString(27).map { try JSONCoding.decode(TransactionMultiSeatInfo.self, from: Data($0.utf8)) },
            additionalTransactionReason: try row.optionalString(28).map(AdditionalTransactionReason.init(rawValue:)),
            signedDate: try row.timestamp(24), source: FactSource(rawValue: try row.string(25)))
    }

    /// A row of ``columns``.
    static func stored(_ row: SQLRow) throws -> StoredTransaction {
        StoredTransaction(
            transaction: try transaction(row), customerId: try row.customerID(29), orderId: try row.optionalUUID(30),
            recordedAt: try row.timestamp(31))
    }

    static let byId = "SELECT \(columns) FROM transactions WHERE environment = $1 AND transaction_id = $2"
    /// `+purchase_date` keeps SQLite from reading `transactions_purchase_instant` for the order
    /// (every transaction of the environment, filtered row by row) instead of
    /// `transactions_original`: without it one subscription's lookup grows with the table.
    static let byOriginal = """
        SELECT \(columns) FROM transactions WHERE environment = $1 AND original_transaction_id = $2
        ORDER BY +purchase_date, transaction_id
        """
    /// `+purchase_date`: as in ``byOriginal``, the lookup stays on `transactions_web_order`.
    static let byWebOrder = """
        SELECT \(columns) FROM transactions WHERE environment = $1 AND web_order_line_item_id = $2
        ORDER BY +purchase_date, transaction_id
        """
    /// A customer's purchases, newest first: the `transactions` primary key read backwards.
    static let newestFirst = "ORDER BY purchase_date DESC, environment DESC, transaction_id DESC"
    /// The columns of a customer view's purchase (``purchase(_:)``).
    static let historyColumns = """
        transaction_id, original_transaction_id, environment, product_id, quantity, purchase_date, expires_date, \
        revocation_date, price, currency, order_id, revocation_reason, is_upgraded
        """
    /// What a customer view lists of a purchase, most recent first (``byCustomer``'s order).
    static let history = """
        SELECT \(historyColumns) FROM transactions WHERE customer_id = $1
        \(newestFirst) LIMIT $2
        """

    /// A row of ``history``.
    static func purchase(_ row: SQLRow) throws -> CustomerView.Purchase {
        CustomerView.Purchase(
            transactionId: try row.string(0), originalTransactionId: try row.string(1),
            environment: AppStoreEnvironment(rawValue: try row.string(2)), productId: try row.string(3),
            quantity: try row.int(4), purchaseDate: try row.timestamp(5), expiresDate: try row.optionalTimestamp(6),
            revocationDate: try row.optionalTimestamp(7),
            revocationReason: try row.optionalInt32(11).map(RevocationReason.init(rawValue:)),
            isUpgraded: try row.bool(12), price: try row.optionalInt64(8), currency: try row.optionalString(9),
            orderId: try row.optionalUUID(10))
    }

    /// Ordered like the index `transactions_customer`, backwards: no sort.
    static let byCustomer = """
        SELECT \(columns) FROM transactions WHERE customer_id = $1
        \(newestFirst) LIMIT $2
        """
    /// Everything not known to be an auto-renewable subscription. Legacy receipts carry no
    /// product type: those without a `web_order_line_item_id` (which only auto-renewable
    /// periods have) are included, and the entitlement calculator decides by the catalog.
    static let oneTime = """
        SELECT \(columns) FROM transactions
        WHERE customer_id = $1
          AND (product_type <> 'Auto-Renewable Subscription'
               OR (product_type IS NULL AND web_order_line_item_id IS NULL))
        ORDER BY purchase_date, environment, transaction_id
        """

    /// `$1`...`$29` the fact, `$30` customer, `$31` order, `$32` now.
    static let insert = """
        INSERT INTO transactions (\(factColumns), customer_id, order_id, recorded_at, updated_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
                $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $32)
        ON CONFLICT (environment, transaction_id) DO NOTHING
        RETURNING transaction_id
        """
    /// Locks the stored row (PostgreSQL) so the comparison and the update are atomic; SQLite's
    /// single writer already is.
    static let selectForUpdate = byId + " FOR UPDATE"
    /// `$1`...`$29` the fact, `$30` order (set only when none is linked yet: a transaction pays at most one order), `$31` now. The owner and
    /// `recorded_at` do not change: ownership moves only through `reassignTransactions`.
    static let update = """
        UPDATE transactions SET
            original_transaction_id = $3, web_order_line_item_id = $4, product_id = $5, product_type = $6,
            subscription_group_identifier = $7, purchase_date = $8, original_purchase_date = $9, expires_date = $10,
            quantity = $11, app_account_token = $12, ownership_type = $13, revocation_date = $14,
            revocation_reason = $15, is_upgraded = $16, offer_type = $17, offer_identifier = $18,
            offer_discount_type = $19, offer_period = $20, price = $21, currency = $22, storefront = $23,
            transaction_reason = $24, signed_date = $25, source = $26, app_transaction_id = $27, multi_seat = $28,
            additional_transaction_reason = $29, order_id = COALESCE(order_id, $30), updated_at = $31
        WHERE environment = $1 AND transaction_id = $2
        """

    static let owner = """
        SELECT customer_id FROM transaction_owners WHERE environment = $1 AND original_transaction_id = $2
        """
    static let setOwner = """
        INSERT INTO transaction_owners (environment, original_transaction_id, customer_id, updated_at)
        VALUES ($1, $2, $3, $4)
        ON CONFLICT (environment, original_transaction_id)
        DO UPDATE SET customer_id = excluded.customer_id, updated_at = excluded.updated_at
        """
    /// The owner and the customer of the order `$3` names, in one row (both may be `NULL`).
    static let ownerCandidates = """
        SELECT (SELECT customer_id FROM transaction_owners WHERE environment = $1 AND original_transaction_id = $2),
            (SELECT customer_id FROM orders WHERE app_account_token = $3)
        """
    /// The two columns of ``ownerCandidates`` read as the row's columns `index` and `index + 1`.
    static func ownerCandidates(_ row: SQLRow, at index: Int) throws -> OwnerCandidates {
        OwnerCandidates(owner: try row.optionalCustomerID(index), orderCustomer: try row.optionalCustomerID(index + 1))
    }
    /// Inserts the owner unless there is one; returns the inserted owner, or none.
    static let insertOwner = """
        INSERT INTO transaction_owners (environment, original_transaction_id, customer_id, updated_at)
        VALUES ($1, $2, $3, $4)
        ON CONFLICT (environment, original_transaction_id) DO NOTHING
        RETURNING customer_id
        """
    /// ``insertOwner`` or, when the purchase has an owner, ``owner``: one row either way, in one
    /// statement (dialects with data-modifying `WITH`). The `SELECT` sees the table as it was
    /// before the statement, so it finds the owner only when the insert found it too.
    static let claimOwner = """
        WITH inserted AS (\(insertOwner))
        SELECT customer_id FROM inserted
        UNION ALL
        SELECT customer_id FROM transaction_owners WHERE environment = $1 AND original_transaction_id = $2
        """
    /// ``insertOwner`` as a deferred write (PostgreSQL): an owner found must be `$3`, the
    /// customer claiming (``StoreSchema/expectations``); it is locked, not rewritten.
    static let claimOwnerExpecting = """
        INSERT INTO transaction_owners (environment, original_transaction_id, customer_id, updated_at)
        VALUES ($1, $2, $3, $4)
        ON CONFLICT (environment, original_transaction_id) DO UPDATE SET updated_at = transaction_owners.updated_at
        WHERE NOT storekeeper_expect(transaction_owners.customer_id = $3, 'the purchase changed owner after it was read')
        """
    /// ``insert`` as a deferred write (PostgreSQL): a transaction recorded already fails it
    /// (``StoreSchema/expectations``).
    static let insertNew = """
        INSERT INTO transactions (\(factColumns), customer_id, order_id, recorded_at, updated_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
                $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $32)
        ON CONFLICT (environment, transaction_id) DO UPDATE SET updated_at = transactions.updated_at
        WHERE storekeeper_expect(FALSE, 'the transaction was recorded after it was read')
        """
    /// `$3` the order, `$4` now: only a transaction that paid no order yet.
    static let linkOrder = """
        UPDATE transactions SET order_id = $3, updated_at = $4
        WHERE environment = $1 AND transaction_id = $2 AND order_id IS NULL
        RETURNING transaction_id
        """
    static let reassign = """
        UPDATE transactions SET customer_id = $3, updated_at = $4
        WHERE environment = $1 AND original_transaction_id = $2 AND customer_id <> $3
        """
}
