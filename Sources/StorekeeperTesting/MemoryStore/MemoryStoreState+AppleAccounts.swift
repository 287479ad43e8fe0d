import AppStoreModels
import Storekeeper

/// The customers behind each Apple account (`SQLStore+AppleAccounts`).
extension MemoryStoreState {
    /// By `linked_at`, then customer, as the SQL stores order them.
    func appleAccountCustomers(_ account: AppleAccountKey) throws -> [CustomerID] {
        try MemoryText.refuseNUL(account.appTransactionId)
        return (appleAccounts[account] ?? [:]).sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
    }

    func appleAccounts(customerId: CustomerID) -> [AppleAccountKey] {
        appleAccounts.compactMap { account, customers in customers[customerId].map { (account, $0) } }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
    }

    mutating func linkAppleAccount(_ account: AppleAccountKey, customerId: CustomerID, at: Timestamp) throws {
        try MemoryText.refuseNUL(account.appTransactionId, customerId.key)
        if appleAccounts[account]?[customerId] == nil { appleAccounts[account, default: [:]][customerId] = at }
    }

    mutating func reassignAppleAccounts(from source: CustomerID, to target: CustomerID) {
        for (account, customers) in appleAccounts {
            guard let linkedAt = customers[source] else { continue }
            var moved = customers
            moved[source] = nil
            if moved[target] == nil { moved[target] = linkedAt }
            appleAccounts[account] = moved
        }
    }
}

extension MemoryStoreQuerying {
    func appleAccountCustomers(_ account: AppleAccountKey) async throws -> [CustomerID] {
        try handle.reading { try $0.appleAccountCustomers(account) }
    }

    func appleAccounts(customerId: CustomerID) async throws -> [AppleAccountKey] {
        try handle.reading { $0.appleAccounts(customerId: customerId) }
    }
}

extension MemoryStoreTransaction {
    func linkAppleAccount(_ account: AppleAccountKey, customerId: CustomerID, at: Timestamp) async throws {
        try handle.writing { try $0.linkAppleAccount(account, customerId: customerId, at: at) }
    }

    func reassignAppleAccounts(from source: CustomerID, to target: CustomerID) async throws {
        try handle.writing { $0.reassignAppleAccounts(from: source, to: target) }
    }
}
