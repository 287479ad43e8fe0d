import Crypto

/// Keys for ``SQLTransaction/advisoryLock(_:)``.
///
/// PostgreSQL advisory locks are named by one 64-bit integer shared by every application using
/// the database, so derive keys from a namespaced string (`"storekeeper.customer:42"`) rather than
/// from raw IDs.
public enum SQLAdvisoryLock {
    /// A stable key for `name`: the first eight bytes of its SHA-256, big-endian. The same name
    /// gives the same key in every process and version.
    public static func key(for name: String) -> Int64 {
        let digest = Array(SHA256.hash(data: Array(name.utf8)))
        let bits = digest.prefix(8).reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
        return Int64(bitPattern: bits)
    }

    /// The key the ``Migrator`` holds while it inspects and changes the schema.
    public static let migrator = key(for: "storekeeper.schema_migrations")
}
