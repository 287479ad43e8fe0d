public import AppStoreModels

/// Which app customers each Apple account (``AppleAccountKey``) was seen behind: a customer is
/// linked once, when it first presents or is given a purchase made with the account
/// (``AppleAccountSharing``). Invariant: one link per account and customer.
public protocol AppleAccountStoreReader: Sendable {
    /// The customers linked to `account`, in the order they were linked.
    func appleAccountCustomers(_ account: AppleAccountKey) async throws -> [CustomerID]
    /// The Apple accounts `customerId` is linked to, in the order it was linked to them.
    func appleAccounts(customerId: CustomerID) async throws -> [AppleAccountKey]
}

/// Writes of the links, inside the write that applies the fact showing them.
public protocol AppleAccountStoreWriter: AppleAccountStoreReader {
    /// Links `customerId` to `account`; nothing when it is linked already.
    func linkAppleAccount(_ account: AppleAccountKey, customerId: CustomerID, at: Timestamp) async throws
    /// Moves every link of `source` to `target` (a customer merge); links `target` has already stay.
    func reassignAppleAccounts(from source: CustomerID, to target: CustomerID) async throws
}
