import Foundation
public import PostgresNIO
public import StorekeeperSQL

extension PostgreSQLDatabase {
    /// Reads a connection URL: `postgres://user:password@host:port/database?sslmode=...`
    /// (`postgresql://` too; user, password and database percent-decoded).
    ///
    /// - `port` defaults to 5432, `user` to `postgres`, `database` to the user's name.
    /// - `sslmode`: `disable` (no TLS), `prefer` (the default: TLS when the server offers it),
    ///   `require`, `verify-ca` or `verify-full` (TLS required). Whenever TLS is used the server's
    ///   certificate and host name are verified against the system's trust roots: unlike libpq,
    ///   `require` does not accept an unverified certificate.
    /// - `application_name`: reported to the server (`pg_stat_activity`).
    /// - `schema`: the schema Storekeeper's tables live in (its `search_path`; letters, digits
    ///   and `_`), so several deployments or test stacks can share one database.
    /// - `prepared_statements`: `true` (the default) or `false`; read by ``init(url:leaseTimeout:logger:)``,
    ///   see ``init(configuration:leaseTimeout:preparedStatements:logger:)``.
    /// - `host`: as in libpq, an absolute path names the directory of the server's Unix-domain
    ///   socket (`<host>/.s.PGSQL.<port>`), e.g. `postgres://storekeeper@/storekeeper?host=/var/run/postgresql`.
    ///   The URL's own host may then be empty; TLS is not used over a local socket. For a server
    ///   on the same machine this is the cheaper transport: no TCP stack on either side of each
    ///   round trip.
    /// - `pool_max_conns`: the most connections the pool opens (default 20; each runs one
    ///   transaction at a time, so this bounds the transactions in flight); `pool_min_conns`: how
    ///   many it keeps open while idle (default 0). Names as in pgx.
    ///
    /// Any other parameter is refused with ``SQLError/Code/invalidConfiguration``, as is a URL
    /// without a host or socket directory. The error never repeats the password.
    public static func configuration(url: String) throws(SQLError) -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url),
            let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql"
        else {
            throw .invalidConfiguration("the PostgreSQL URL must start with postgres:// or postgresql://")
        }
        let socketDirectory = components.queryItems?.last { $0.name == "host" }?.value
        if let socketDirectory, !socketDirectory.hasPrefix("/") {
            throw .invalidConfiguration("the host parameter of the PostgreSQL URL must be an absolute socket directory")
        }
        let host = components.host ?? ""
        guard !host.isEmpty || socketDirectory != nil else {
            throw .invalidConfiguration("the PostgreSQL URL names no host")
        }
        let username = components.user.flatMap { $0.isEmpty ? nil : $0 } ?? "postgres"
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        var tls: PostgresClient.Configuration.TLS = .prefer(.makeClientConfiguration())
        var startupParameters: [(String, String)] = []
        var poolSize = PoolSize()
        for item in components.queryItems ?? [] {
            switch (item.name, item.value ?? "") {
            case ("sslmode", "disable"): tls = .disable
            case ("sslmode", "prefer"), ("sslmode", "allow"): tls = .prefer(.makeClientConfiguration())
            case ("sslmode", "require"), ("sslmode", "verify-ca"), ("sslmode", "verify-full"):
                tls = .require(.makeClientConfiguration())
            case ("sslmode", let mode):
                throw .invalidConfiguration("unknown sslmode \"\(mode)\" in the PostgreSQL URL")
            case ("application_name", let name): startupParameters.append(("application_name", name))
            case ("schema", let schema):
                guard !schema.isEmpty, schema.count <= 63,
                    schema.unicodeScalars.allSatisfy({
                        $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                    })
                else {
                    throw .invalidConfiguration("the schema in the PostgreSQL URL must be 1–63 letters, digits or _")
                }
                startupParameters.append(("search_path", schema))
            case ("prepared_statements", _):
                _ = try preparesStatements(url: url)
            case ("host", _):
                break  // read above
            case ("pool_max_conns", let value):
                poolSize.maximum = try poolParameter(item.name, value, least: 1)
            case ("pool_min_conns", let value):
                poolSize.minimum = try poolParameter(item.name, value, least: 0)
            case (let name, _):
                throw .invalidConfiguration("unsupported parameter \"\(name)\" in the PostgreSQL URL")
            }
        }
        let database = path.isEmpty ? nil : path
        let port = components.port ?? 5432
        var configuration =
            if let socketDirectory {
                PostgresClient.Configuration(
                    unixSocketPath: socketDirectory + "/.s.PGSQL.\(port)", username: username,
                    password: components.password, database: database)
            } else {
                PostgresClient.Configuration(
                    host: host, port: port, username: username, password: components.password,
                    database: database, tls: tls)
            }
        configuration.options.additionalStartupParameters = startupParameters
        try poolSize.apply(to: &configuration.options)
        return configuration
    }

    /// The URL's pool bounds; PostgresNIO's defaults where absent.
    private struct PoolSize {
        var maximum: Int?
        var minimum: Int?

        func apply(to options: inout PostgresClient.Configuration.Options) throws(SQLError) {
            if let maximum { options.maximumConnections = maximum }
            if let minimum { options.minimumConnections = minimum }
            guard options.minimumConnections <= options.maximumConnections else {
                throw .invalidConfiguration(
                    "pool_min_conns (\(options.minimumConnections)) exceeds pool_max_conns (\(options.maximumConnections)) in the PostgreSQL URL"
                )
            }
        }
    }

    private static func poolParameter(_ name: String, _ value: String, least: Int) throws(SQLError) -> Int {
        guard let count = Int(value), count >= least, count <= 10_000 else {
            throw .invalidConfiguration("\(name) in the PostgreSQL URL must be a whole number from \(least) to 10000, not \"\(value)\"")
        }
        return count
    }

    /// The URL's `prepared_statements` parameter: `true` when absent.
    static func preparesStatements(url: String) throws(SQLError) -> Bool {
        let values = URLComponents(string: url)?.queryItems?.filter { $0.name == "prepared_statements" }.map { $0.value ?? "" } ?? []
        switch values.last {
        case nil, "true": return true
        case "false": return false
        case let value?: throw .invalidConfiguration("prepared_statements in the PostgreSQL URL must be true or false, not \"\(value)\"")
        }
    }
}
