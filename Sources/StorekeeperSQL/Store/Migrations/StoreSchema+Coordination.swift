extension StoreSchema {
    /// Job coordination between instances (watermarks, named leases) and server API keys.
    static let coordination = Migration(
        version: 7, name: "watermarks, leases and api keys",
        sql: """
            CREATE TABLE watermarks (
                name TEXT PRIMARY KEY,
                value TEXT NOT NULL,
                updated_at BIGINT NOT NULL
            );

            CREATE TABLE leases (
                name TEXT PRIMARY KEY,
                owner TEXT NOT NULL,
                expires_at BIGINT NOT NULL,
                acquired_at BIGINT NOT NULL
            );

            CREATE TABLE api_keys (
                hash TEXT PRIMARY KEY,
                name TEXT NOT NULL,
                scopes TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                revoked_at BIGINT
            );
            """)
}
