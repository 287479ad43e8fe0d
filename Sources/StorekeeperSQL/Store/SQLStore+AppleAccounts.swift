import AppStoreModels
import Storekeeper

/// The customers behind each Apple account (`AppleAccountStore`, migration 25).
enum AppleAccountRows {
    static let customers = """
        SELECT customer_id FROM apple_accounts WHERE environment = $1 AND app_transaction_id = $2
        ORDER BY linked_at, customer_id
        """
    static let accounts = """
        SELECT environment, app_transaction_id FROM apple_accounts WHERE customer_id = $1
        ORDER BY linked_at, environment, app_transaction_id
        """
    static let link = """
        INSERT INTO apple_accounts (environment, app_transaction_id, customer_id, linked_at) VALUES ($1, $2, $3, $4)
        ON CONFLICT (environment, app_transaction_id, customer_id) DO NOTHING
        """
    /// A merge: the source's links become the target's (those it has already stay as they are).
    static let copyLinks = """
        INSERT INTO apple_accounts (environment, app_transaction_id, customer_id, linked_at)
            SELECT environment, app_transaction_id, $2, linked_at FROM apple_accounts WHERE customer_id = $1
        ON CONFLICT (environment, app_transaction_id, customer_id) DO NOTHING
        """
    static let dropLinks = "DELETE FROM apple_accounts WHERE customer_id = $1"
}

extension SQLStoreQuerying {
    func appleAccountCustomers(_ account: AppleAccountKey) async throws -> [CustomerID] {
        try await sql.query(AppleAccountRows.customers, [.text(account.environment.rawValue), .text(account.appTransactionId)])
            .map { try $0.customerID(0) }
    }

    func appleAccounts(customerId: CustomerID) async throws -> [AppleAccountKey] {
        try await sql.query(AppleAccountRows.accounts, [SQLValue(customerId)]).map {
            AppleAccountKey(environment: AppStoreEnvironment(rawValue: try $0.string(0)), appTransactionId: try $0.string(1))
        }
    }
}

extension SQLStoreTransaction {
    func linkAppleAccount(_ account: AppleAccountKey, customerId: CustomerID, at: Timestamp) async throws {
        _ = try await sql.execute(
            AppleAccountRows.link,
            [.text(account.environment.rawValue), .text(account.appTransactionId), SQLValue(customerId), SQLValue(at)])
    }

    func reassignAppleAccounts(from source: CustomerID, to target: CustomerID) async throws {
        _ = try await sql.execute(AppleAccountRows.copyLinks, [SQLValue(source), SQLValue(target)])
        _ = try await sql.execute(AppleAccountRows.dropLinks, [SQLValue(source)])
    }
}
