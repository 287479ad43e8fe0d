import Foundation
import PostgresNIO
import StorekeeperSQL
import StorekeeperTesting
import Testing

@testable import StorekeeperPostgres

@Suite("PostgreSQL configuration and scripts")
struct PostgresConfigurationTests {
    @Test(.timeLimit(.minutes(1))) func anUnreachableServerIsAConnectionFailure() async throws {
        let database = try PostgreSQLDatabase(
            url: "postgres://postgres@127.0.0.1:1/none?sslmode=disable", leaseTimeout: .seconds(1), logger: TestLogger.logger)
        let error = await #expect(throws: SQLError.self) {
            try await database.withRunning { try await database.read { tx in try await tx.query("SELECT 1") } }
        }
        #expect(error?.code == .connectionFailure)
    }

    @Test func urlsAreParsed() throws {
        let full = try PostgreSQLDatabase.configuration(
            url: "postgresql://store%40keeper:p%3Ass@db.internal:6543/store_db?sslmode=disable&application_name=sk")
        #expect(full.host == "db.internal")
        #expect(full.port == 6543)
        #expect(full.username == "store@keeper")
        #expect(full.password == "p:ss")
        #expect(full.database == "store_db")
        #expect(full.options.additionalStartupParameters.map { "\($0.0)=\($0.1)" } == ["application_name=sk"])

        let minimal = try PostgreSQLDatabase.configuration(url: "postgres://localhost")
        #expect(minimal.port == 5432)
        #expect(minimal.username == "postgres")
        #expect(minimal.password == nil)
        #expect(minimal.database == nil)
        #expect(minimal.unixSocketPath == nil)

        // libpq's socket directory: the socket is named after the port.
        let local = try PostgreSQLDatabase.configuration(url: "postgres://sk@/store_db?host=/var/run/postgresql")
        #expect(local.unixSocketPath == "/var/run/postgresql/.s.PGSQL.5432")
        #expect(local.host == nil)
        #expect(local.username == "sk")
        #expect(local.database == "store_db")
        let localPort = try PostgreSQLDatabase.configuration(url: "postgres://sk@:6543/db?host=/tmp/pg&sslmode=disable")
        #expect(localPort.unixSocketPath == "/tmp/pg/.s.PGSQL.6543")
    }

    /// The test server also listens on its Unix-domain socket; a URL naming the directory reaches it.
    @Test(.enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
    func theServerIsReachedThroughItsUnixSocket() async throws {
        let url = try #require(TestPostgres.url)
        let tcp = try PostgreSQLDatabase(url: url, logger: TestLogger.logger)
        let (directories, port) = try await tcp.withRunning {
            try await tcp.read { tx in
                (try await tx.query("SHOW unix_socket_directories")[0].string(0), try await tx.query("SHOW port")[0].string(0))
            }
        }
        let directory = try #require(directories.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.first)
        try #require(directory.hasPrefix("/"), "the test server has no socket directory: \(directories)")
        var components = try #require(URLComponents(string: url))
        components.host = ""
        components.port = Int(port)
        components.queryItems = [URLQueryItem(name: "host", value: directory)]
        let local = try PostgreSQLDatabase(url: try #require(components.string), logger: TestLogger.logger)
        let backend = try await local.withRunning {
            try await local.read { tx in try await tx.query("SELECT COALESCE(inet_client_addr()::text, 'local')")[0].string(0) }
        }
        #expect(backend == "local")  // no client address: the connection came through the socket
    }

    @Test(arguments: [
        "mysql://db/x", "postgres:///no-host", "postgres://db/x?sslmode=sometimes", "postgres://db/x?search_path=y", "not a url",
        "postgres://db/x?host=relative/dir",
    ])
    func badURLsAreRefused(_ url: String) {
        let error = #expect(throws: SQLError.self) { try PostgreSQLDatabase.configuration(url: url) }
        #expect(error?.code == .invalidConfiguration)
    }

    @Test func preparedStatementsCanBeTurnedOffInTheURL() throws {
        #expect(try PostgreSQLDatabase.preparesStatements(url: "postgres://db/x"))
        #expect(try PostgreSQLDatabase.preparesStatements(url: "postgres://db/x?prepared_statements=true"))
        #expect(try !PostgreSQLDatabase.preparesStatements(url: "postgres://db/x?sslmode=disable&prepared_statements=false"))
        _ = try PostgreSQLDatabase.configuration(url: "postgres://db/x?prepared_statements=false")
        let error = #expect(throws: SQLError.self) {
            try PostgreSQLDatabase(url: "postgres://db/x?prepared_statements=no", logger: TestLogger.logger)
        }
        #expect(error?.code == .invalidConfiguration)
    }

    @Test func onlyChangesWithoutReturningAreCountedThroughReturning() {
        #expect(PreparedStatements.countingCommand("  insert INTO t (a) VALUES ($1);\n") == "  insert INTO t (a) VALUES ($1) RETURNING 1")
        #expect(PreparedStatements.countingCommand("UPDATE t SET a = 1") == "UPDATE t SET a = 1 RETURNING 1")
        #expect(PreparedStatements.countingCommand("DELETE\nFROM t") == "DELETE\nFROM t RETURNING 1")
        #expect(PreparedStatements.countingCommand("INSERT INTO t (a) VALUES (1) returning a") == nil)
        #expect(PreparedStatements.countingCommand("UPDATE t SET a = 1 -- note") == nil)
        #expect(PreparedStatements.countingCommand("WITH x AS (SELECT 1) DELETE FROM t") == nil)
        #expect(PreparedStatements.countingCommand("SELECT 1") == nil)
        #expect(PreparedStatements.countingCommand("MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN DELETE") == nil)
    }

    @Test func thePoolIsSizedFromTheURL() throws {
        let defaults = try PostgreSQLDatabase.configuration(url: "postgres://db/x")
        #expect(defaults.options.maximumConnections == 20)
        #expect(defaults.options.minimumConnections == 0)
        let sized = try PostgreSQLDatabase.configuration(url: "postgres://db/x?pool_max_conns=8&pool_min_conns=2")
        #expect(sized.options.maximumConnections == 8)
        #expect(sized.options.minimumConnections == 2)
        let fixed = try PostgreSQLDatabase.configuration(url: "postgres://db/x?pool_min_conns=5&pool_max_conns=5")
        #expect(fixed.options.maximumConnections == 5)
        #expect(fixed.options.minimumConnections == 5)
    }

    @Test(arguments: [
        "pool_max_conns=0", "pool_max_conns=-3", "pool_max_conns=many", "pool_max_conns=", "pool_min_conns=-1",
        "pool_min_conns=21", "pool_max_conns=4&pool_min_conns=5", "pool_max_conns=10001",
    ])
    func badPoolSizesAreRefused(_ parameters: String) {
        let error = #expect(throws: SQLError.self) { try PostgreSQLDatabase.configuration(url: "postgres://db/x?" + parameters) }
        #expect(error?.code == .invalidConfiguration)
    }

    /// The pool never opens more connections than the URL allows: twice as many concurrent
    /// transactions as connections share them (the server sees at most `pool_max_conns` backends).
    @Test(.enabled(if: TestPostgres.url != nil, TestPostgres.skipReason))
    func thePoolStaysWithinItsMaximum() async throws {
        let url = try #require(TestPostgres.url)
        let separator = url.contains("?") ? "&" : "?"
        let application = "storekeeper_pool_" + UUID().uuidString.prefix(8).lowercased()
        let database = try PostgreSQLDatabase(
            url: url + separator + "pool_max_conns=3&application_name=" + application, logger: TestLogger.logger)
        let most = try await database.withRunning {
            try await withThrowingTaskGroup(of: Int64.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        try await database.read { tx in
                            _ = try await tx.query("SELECT pg_sleep(0.2)")
                            return try await tx.query(
                                "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", [.text(application)]
                            )[0].int64(0)
                        }
                    }
                }
                return try await group.reduce(0) { max($0, $1) }
            }
        }
        #expect(most >= 2)  // the transactions did overlap
        #expect(most <= 3)
    }

    @Test func urlErrorsNeverRepeatThePassword() {
        let error = #expect(throws: SQLError.self) {
            try PostgreSQLDatabase.configuration(url: "postgres://u:hunter2@db/x?sslmode=maybe")
        }
        #expect(error.map { !"\($0)".contains("hunter2") } == true)
    }

    @Test func scriptsSplitOnlyAtStatementEnds() {
        let script = """
            -- leading comment; not a statement
            CREATE TABLE a (t TEXT DEFAULT 'x;y', "we;ird" BIGINT);
            /* block; /* nested; */ still comment; */
            CREATE FUNCTION f() RETURNS trigger AS $body$ BEGIN NEW.t := 'a;b'; RETURN NEW; END $body$ LANGUAGE plpgsql;
            SELECT $$;$$, E'it\\'s;', 'it''s;', $1;
            ;;
            INSERT INTO a (t) VALUES ('last')
            """
        #expect(
            PostgresScript.statements(in: script) == [
                "-- leading comment; not a statement\nCREATE TABLE a (t TEXT DEFAULT 'x;y', \"we;ird\" BIGINT)",
                "/* block; /* nested; */ still comment; */\nCREATE FUNCTION f() RETURNS trigger AS $body$ BEGIN NEW.t := 'a;b'; RETURN NEW; END $body$ LANGUAGE plpgsql",
                "SELECT $$;$$, E'it\\'s;', 'it''s;', $1",
                "INSERT INTO a (t) VALUES ('last')",
            ])
        #expect(PostgresScript.statements(in: "  -- only a comment\n /* and another */ ; ").isEmpty)
    }
}
