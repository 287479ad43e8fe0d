import AppStoreModels
import Storekeeper

enum CustomerRows {
    static let columns = "id, created_at, merged_into, play_time_minutes, consumption_consent"

    static func customer(_ row: SQLRow) throws -> Customer {
        Customer(
            id: try row.customerID(0), createdAt: try row.timestamp(1), mergedInto: try row.optionalCustomerID(2),
            playTimeMinutes: try row.optionalInt64(3), consumptionConsent: try row.bool(4))
    }

    static func binds(_ customer: Customer) -> [SQLValue] {
        [
            SQLValue(customer.id), SQLValue(customer.createdAt), SQLValue(customer.mergedInto),
            SQLValue(customer.playTimeMinutes), SQLValue(customer.consumptionConsent),
        ]
    }

    static let select = "SELECT \(columns) FROM customers WHERE id = $1"
    static let insert = """
        INSERT INTO customers (\(columns)) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (id) DO NOTHING RETURNING id
        """
    static let insertIfMissing = "INSERT INTO customers (\(columns)) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING"
    static let update = """
        UPDATE customers SET created_at = $2, merged_into = $3, play_time_minutes = $4, consumption_consent = $5
        WHERE id = $1
        """
}

extension SQLStoreQuerying {
    func customer(_ id: CustomerID) async throws -> Customer? {
        try await sql.queryFirst(CustomerRows.select, [SQLValue(id)]).map(CustomerRows.customer)
    }
}

extension SQLStoreTransaction {
    func createCustomerIfMissing(_ customer: Customer) async throws {
        try await sql.deferWrite(CustomerRows.insertIfMissing, CustomerRows.binds(customer))
    }

    @discardableResult
    func ensureCustomer(_ customer: Customer) async throws -> Customer {
        if try await sql.queryFirst(CustomerRows.insert, CustomerRows.binds(customer)) != nil {
            return customer
        }
        guard let stored = try await self.customer(customer.id) else {
            throw SQLPurchaseStoreError.notFound("customer \(customer.id) was neither inserted nor found")
        }
        return stored
    }

    func updateCustomer(_ customer: Customer) async throws {
        guard try await sql.execute(CustomerRows.update, CustomerRows.binds(customer)) == 1 else {
            throw SQLPurchaseStoreError.notFound("no customer \(customer.id) to update")
        }
    }
}
