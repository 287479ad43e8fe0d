import StorekeeperSQL
import Testing

@testable import StorekeeperPostgres

/// How PostgreSQL statements carry deferred writes (``DeferredWrites``), without a database.
@Suite("Deferred writes")
struct DeferredWritesTests {
    static let audit = DeferredWrites.write("INSERT INTO audit_events (id, kind) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING", ["a", "k"])
    static let figures = DeferredWrites.write(
        "INSERT INTO figure_days (day, value) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET value = figure_days.value + excluded.value",
        [1, 2])

    @Test func aWriteIsReadForItsTable() {
        #expect(Self.audit.table == "audit_events")
        #expect(Self.figures.table == "figure_days")
        #expect(DeferredWrites.write("update Items set n = $1", [1]).table == "items")
        #expect(DeferredWrites.write("DELETE FROM tags WHERE id = $1", [1]).table == "tags")
    }

    @Test func theWritesGoInFrontOfTheCarrierNumberedAfterItsParameters() {
        let (sql, binds) = DeferredWrites.statement(
            [Self.audit, Self.figures], carrying: "SELECT owner FROM owners WHERE id = $1 AND kind = $2", ["x", "y"])
        #expect(
            sql == "WITH storekeeper_deferred_0 AS (INSERT INTO audit_events (id, kind) VALUES ($3, $4) ON CONFLICT (id) DO NOTHING), "
                + "storekeeper_deferred_1 AS (INSERT INTO figure_days (day, value) VALUES ($5, $6) ON CONFLICT (day) DO UPDATE SET value = figure_days.value + excluded.value) "
                + "SELECT owner FROM owners WHERE id = $1 AND kind = $2")
        #expect(binds == ["x", "y", "a", "k", 1, 2])
    }

    @Test func aCarrierWithItsOwnWithKeepsIt() {
        #expect(
            DeferredWrites.prefix("d AS (INSERT INTO t VALUES (1))", to: "  with e AS (SELECT 1) SELECT * FROM e")
                == "WITH d AS (INSERT INTO t VALUES (1)), e AS (SELECT 1) SELECT * FROM e")
        #expect(
            DeferredWrites.prefix("d AS (INSERT INTO t VALUES (1))", to: "WITH RECURSIVE r(n) AS (SELECT 1) SELECT n FROM r")
                == "WITH RECURSIVE d AS (INSERT INTO t VALUES (1)), r(n) AS (SELECT 1) SELECT n FROM r")
        #expect(DeferredWrites.prefix("d AS (DELETE FROM t)", to: "UPDATE u SET n = 1") == "WITH d AS (DELETE FROM t) UPDATE u SET n = 1")
    }

    @Test func parametersInQuotesAreNotRenumbered() {
        #expect(
            DeferredWrites.renumber("INSERT INTO t (a, b, \"c$1\") VALUES ($1, '$2 is $10', $10)", by: 3)
                == "INSERT INTO t (a, b, \"c$1\") VALUES ($4, '$2 is $10', $13)")
        #expect(DeferredWrites.renumber("SELECT $1", by: 0) == "SELECT $1")
    }

    @Test func aStatementNamingAWrittenTableOrUnableToBeginWithWithCarriesNothing() {
        let writes = [Self.audit, Self.figures]
        #expect(DeferredWrites.canCarry("INSERT INTO customers (id) VALUES ($1)", writes))
        #expect(DeferredWrites.canCarry("SELECT customer_id FROM audit_events_archive", writes))
        #expect(!DeferredWrites.canCarry("SELECT * FROM Audit_Events WHERE id = $1", writes))
        #expect(!DeferredWrites.canCarry("UPDATE x SET v = (SELECT value FROM figure_days)", writes))
        #expect(!DeferredWrites.canCarry("CREATE TABLE x (n BIGINT)", writes))
        #expect(!DeferredWrites.canCarry("SET LOCAL lock_timeout = 1", writes))
        // Quoted text is not a table name.
        #expect(DeferredWrites.canCarry("SELECT 'audit_events'", writes))
    }

    @Test func aSecondWriteToATableSendsThePendingOnesAlone() {
        let pending = DeferredWrites()
        #expect(pending.add(Self.audit.sql, Self.audit.binds).isEmpty)
        #expect(pending.add(Self.figures.sql, Self.figures.binds).isEmpty)
        let alone = pending.add(Self.audit.sql, ["b", "k"])
        #expect(alone.map(\.table) == ["audit_events", "figure_days"])
        #expect(pending.take(for: "SELECT 1")?.map(\.binds) == [["b", "k"]])
        #expect(pending.isEmpty)
        // A write reading a pending write's table would not see its rows.
        #expect(pending.add("INSERT INTO customers (id) VALUES ($1)", ["c"]).isEmpty)
        let reading = pending.add("INSERT INTO orders (id, customer) SELECT $1, id FROM customers WHERE id = $2", [1, "c"])
        #expect(reading.map(\.table) == ["customers"])
    }

    /// Sent alone, the last pending write carries the others (`PostgresTransaction.sendAlone`).
    @Test func theWritesAloneAreOneStatementTheLastCarryingTheOthers() {
        let (sql, binds) = DeferredWrites.statement([Self.audit], carrying: Self.figures.sql, Self.figures.binds)
        #expect(sql.hasPrefix("WITH storekeeper_deferred_0 AS (INSERT INTO audit_events (id, kind) VALUES ($3, $4)"))
        #expect(
            sql.hasSuffix(
                ") INSERT INTO figure_days (day, value) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET value = figure_days.value + excluded.value"
            ))
        #expect(binds == [1, 2, "a", "k"])
    }
}
