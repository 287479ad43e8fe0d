public import Storekeeper

/// A ``PurchaseStore`` on a database with a schema, and the reports kept beside it: what a
/// composition root opens, migrates and hands to the server without naming the database layer.
public protocol MigratingPurchaseStore: PurchaseStore, ReportStore {
    /// Brings the schema up to date; safe to call from several instances at once and again on
    /// every start.
    @discardableResult
    func migrate() async throws -> StoreSchemaReport
}

/// What a migration of a store's schema did.
public struct StoreSchemaReport: Sendable, Hashable {
    /// The versions this call applied, in order (empty when the schema was up to date).
    public var applied: [Int]
    /// The highest version recorded in the database afterwards (0 for none).
    public var currentVersion: Int

    public init(applied: [Int], currentVersion: Int) {
        self.applied = applied
        self.currentVersion = currentVersion
    }
}
