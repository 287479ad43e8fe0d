import Foundation

extension SQLValue {
    /// Refuses a statement whose text binds cannot be stored alike on every backend, before it
    /// reaches the database.
    ///
    /// PostgreSQL's `TEXT` cannot hold U+0000 (it answers SQLSTATE 22021), while SQLite stores it;
    /// so both backends refuse a `.text` bind containing it with ``SQLError/Code/nulInText``, and a
    /// value is never stored on one backend and refused on the other. Bytes that may hold any
    /// value, NUL included, are bound as `.blob`. Like any failed statement, the refusal aborts
    /// the transaction.
    package static func requireStorableText(_ binds: [SQLValue]) throws(SQLError) {
        for (index, value) in binds.enumerated() {
            guard case .text(let text) = value, SQLValue.containsNUL(text) else { continue }
            throw SQLError(
                .nulInText,
                "the text bound to $\(index + 1) contains U+0000 (NUL), which a TEXT column cannot hold on "
                    + "PostgreSQL; refused on every backend (bind bytes as a blob)")
        }
    }

    /// Whether `text` holds U+0000: `memchr` over the UTF-8 bytes in place (every text bind of
    /// every statement passes here; the element-wise `contains` cost a fifth of a signature
    /// check per notification).
    static func containsNUL(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return false }
            return memchr(start, 0, bytes.count) != nil
        } ?? text.utf8.contains(0)
    }
}
