import StorekeeperSQL
import Synchronization

/// The writes a transaction deferred (``SQLTransaction/deferWrite(_:_:)``): sent with its next
/// statement, as data-modifying `WITH` entries in front of it, so they cost no round trip of
/// their own.
///
/// PostgreSQL runs every entry of a `WITH` to completion as part of the one statement, with the
/// statement's snapshot: the statement cannot see their rows. So a statement that names a
/// table a deferred write changes (as a whole word, anywhere in its text) is not a carrier: the
/// deferred writes go first, alone. Nor is a statement that cannot begin with `WITH`. Likewise
/// a deferred write that names the table of a pending one (its own table included) sends the
/// pending ones alone first: it would not see their rows, two writes of one table could touch
/// the same row, which one statement may not do twice, and PostgreSQL runs the entries in no
/// promised order (rows numbered by a sequence, such as audit events, would be numbered out of
/// order). Foreign keys are checked at the end of the statement, after every entry ran, as they
/// would be after the writes sent one by one. A deferred write may check what its answer would
/// have been checked for and fail the statement (`storekeeper_expect` in `StoreSchema`).
///
/// A deferred write's error is the carrier's: either fails the whole transaction.
final class DeferredWrites: Sendable {
    struct Write: Sendable {
        let sql: String
        let binds: [SQLValue]
        /// The table it writes: the word after `INSERT INTO`, `UPDATE` or `DELETE FROM`.
        let table: String
        /// The words of its SQL (``identifiers(in:)``).
        let names: Set<String>
    }

    private let pending = Mutex([Write]())

    var isEmpty: Bool { pending.withLock { $0.isEmpty } }

    /// Adds `sql`. Returns the writes that must be sent first, alone (see the type's comment).
    func add(_ sql: String, _ binds: [SQLValue]) -> [Write] {
        let write = Self.write(sql, binds)
        return pending.withLock { pending in
            // A write naming a pending write's table (its own included) would not see its rows.
            let clash = pending.contains { write.names.contains($0.table) }
            let first = clash ? pending : []
            if clash { pending = [] }
            pending.append(write)
            return first
        }
    }

    /// Takes the pending writes for `carrier`: every one when it can carry them, else none (the
    /// caller then sends them alone first, see ``takeAll()``).
    func take(for carrier: String) -> [Write]? {
        pending.withLock { pending in
            guard !pending.isEmpty else { return [] }
            guard Self.canCarry(carrier, pending) else { return nil }
            defer { pending = [] }
            return pending
        }
    }

    func takeAll() -> [Write] {
        pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
    }

    // MARK: Statements

    /// The statement that runs `writes` in front of `carrier` (whose own parameters keep their
    /// numbers; the writes' are numbered after them), with all the binds.
    static func statement(
        _ writes: [Write], carrying carrier: String, _ carrierBinds: [SQLValue]
    ) -> (sql: String, binds: [SQLValue]) {
        let binds = writes.reduce(carrierBinds) { $0 + $1.binds }
        let key = Composition(carrier: carrier, carrierBinds: carrierBinds.count, writes: writes.map(\.sql))
        if let sql = compositions.withLock({ $0[key] }) { return (sql, binds) }
        var offset = carrierBinds.count
        var entries: [String] = []
        for (index, write) in writes.enumerated() {
            entries.append("storekeeper_deferred_\(index) AS (\(renumber(write.sql, by: offset)))")
            offset += write.binds.count
        }
        let sql = prefix(entries.joined(separator: ", "), to: carrier)
        compositions.withLock { compositions in
            if compositions.count < PreparedStatements.capacity { compositions[key] = sql }
        }
        return (sql, binds)
    }

    /// What a composed statement is made of. A statement's parameter count is fixed by its SQL
    /// (every `$n` is bound), so this fixes the composition; the carrier's count is kept anyway.
    private struct Composition: Hashable {
        let carrier: String
        let carrierBinds: Int
        let writes: [String]
    }

    /// Statements composed so far (a few dozen shapes; bounded like the prepared statements).
    private static let compositions = Mutex([Composition: String]())

    /// `carrier` with `entries` (`name AS (...)`, comma-separated) in front, in its own `WITH`
    /// when it has one.
    static func prefix(_ entries: String, to carrier: String) -> String {
        let body = carrier.drop(while: \.isWhitespace)
        guard leadingWord(body) == "WITH" else { return "WITH \(entries) \(body)" }
        var rest = body.dropFirst(4).drop(while: \.isWhitespace)
        var with = "WITH "
        if leadingWord(rest) == "RECURSIVE" {
            rest = rest.dropFirst("RECURSIVE".count).drop(while: \.isWhitespace)
            with = "WITH RECURSIVE "
        }
        return with + entries + ", " + rest
    }

    /// Whether `carrier` can begin with `WITH` and names none of the tables `writes` change.
    static func canCarry(_ carrier: String, _ writes: [Write]) -> Bool {
        guard let reading = text(carrier).carrierNames else { return false }
        return !writes.contains { reading.contains($0.table) }
    }

    /// What this type reads from a statement's SQL, read once per text.
    private struct Text {
        /// Its words; nil when it cannot begin with `WITH` (it cannot carry).
        let carrierNames: Set<String>?
        /// Its table and words when it can be deferred.
        let written: (table: String, names: Set<String>)?
    }

    /// The statements seen so far, by SQL text (about a hundred; bounded like
    /// ``PreparedStatements/capacity`` should code ever build SQL from values).
    private static let texts = Mutex([String: Text]())

    private static func text(_ sql: String) -> Text {
        if let text = texts.withLock({ $0[sql] }) { return text }
        let words = identifiers(in: sql)
        let names = Set(words)
        let carries = ["select", "insert", "update", "delete", "with"].contains(words.first ?? "")
        let text = Text(carrierNames: carries ? names : nil, written: writtenTable(words).map { ($0, names) })
        texts.withLock { texts in
            if texts.count < PreparedStatements.capacity { texts[sql] = text }
        }
        return text
    }

    /// What deferring `sql` means; a statement that cannot be deferred is a programmer's error.
    static func write(_ sql: String, _ binds: [SQLValue]) -> Write {
        guard let written = text(sql).written else {
            preconditionFailure("only an INSERT, UPDATE or DELETE without RETURNING or WITH can be deferred: \(sql)")
        }
        return Write(sql: sql, binds: binds, table: written.table, names: written.names)
    }

    /// The table an `INSERT`, `UPDATE` or `DELETE` without `RETURNING` writes, given its words.
    private static func writtenTable(_ words: [String]) -> String? {
        guard !words.contains("returning") else { return nil }
        return switch words.first {
        case "insert" where words.count > 2 && words[1] == "into": words[2]
        case "delete" where words.count > 2 && words[1] == "from": words[2]
        case "update" where words.count > 1: words[1]
        default: nil
        }
    }

    /// `sql` with every parameter `$n` outside quotes renumbered `$(n + offset)`.
    static func renumber(_ sql: String, by offset: Int) -> String {
        guard offset > 0 else { return sql }
        let bytes = Array(sql.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 8)
        var quote: UInt8?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
                result.append(byte)
                continue
            }
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") { quote = byte }
            guard byte == UInt8(ascii: "$"), index < bytes.count, isDigit(bytes[index]) else {
                result.append(byte)
                continue
            }
            var number = 0
            while index < bytes.count, isDigit(bytes[index]) {
                number = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            result += Array("$\(number + offset)".utf8)
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    private static func leadingWord(_ text: Substring) -> String {
        text.prefix { $0.isLetter }.uppercased()
    }

    /// The words of `sql` made of letters, digits and `_` (any non-ASCII byte counts as a
    /// letter), lowercased, quoted text left out.
    static func identifiers(in sql: String) -> [String] {
        var words: [String] = []
        var word: [UInt8] = []
        var quote: UInt8?
        for byte in sql.utf8 {
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            if isWordByte(byte) {
                word.append(lowercased(byte))
                continue
            }
            if !word.isEmpty {
                words.append(String(decoding: word, as: UTF8.self))
                word.removeAll(keepingCapacity: true)
            }
            if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") { quote = byte }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }
}
