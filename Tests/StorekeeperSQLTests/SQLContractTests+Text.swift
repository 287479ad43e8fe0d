import StorekeeperSQL
import Testing

/// Text holding U+0000 (NUL): PostgreSQL's `TEXT` cannot hold it and SQLite can, so both
/// backends refuse it alike, with ``SQLError/Code/nulInText``, before the statement runs.
extension SQLContractTests {
    /// NUL alone, first, last, in the middle, and after multi-byte characters.
    static let textsWithNUL = ["\u{0}", "\u{0}key", "key\u{0}", "ke\u{0}y", "ключ🧾\u{0}"]

    @Test(arguments: TestBackend.available, textsWithNUL)
    func textWithNULIsRefusedAndNothingIsWritten(_ backend: TestBackend, text: String) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in try await tx.executeScript(Self.valuesTable(db.dialect)) }
            let error = await #expect(throws: SQLError.self) {
                try await db.write { tx in
                    try await tx.execute("INSERT INTO vals (id, t) VALUES (1, 'kept only if the next insert works')")
                    try await tx.execute("INSERT INTO vals (id, t) VALUES ($1, $2)", [2, .text(text)])
                }
            }
            #expect(error?.code == .nulInText, "\(String(describing: error))")
            #expect(error?.backendCode == nil, "refused before reaching the database")
            let count = try await db.read { tx in try await tx.queryFirst("SELECT COUNT(*) FROM vals")?.int64(0) }
            #expect(count == 0, "the whole transaction was rolled back")
        }
    }

    @Test(arguments: TestBackend.available)
    func textWithNULIsRefusedInQueriesAndAbortsTheTransaction(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in try await tx.executeScript(Self.valuesTable(db.dialect)) }
            let inRead = await #expect(throws: SQLError.self) {
                try await db.read { tx in try await tx.query("SELECT id FROM vals WHERE t = $1", ["a\u{0}"]) }
            }
            #expect(inRead?.code == .nulInText)
            // A body that catches the refusal and goes on finds the transaction aborted, as after
            // any failed statement on PostgreSQL.
            let later = await #expect(throws: SQLError.self) {
                try await db.write { tx in
                    _ = try? await tx.execute("UPDATE vals SET t = $1", ["\u{0}"])
                    try await tx.execute("INSERT INTO vals (id, t) VALUES (1, 'x')")
                }
            }
            #expect(later?.code == .transactionAborted)
            #expect(later?.reason.contains("nulInText") == true, "\(String(describing: later))")
        }
    }

    /// Bytes are bytes: a blob holding NUL (and bytes that are not UTF-8) is stored faithfully.
    @Test(arguments: TestBackend.available)
    func blobsHoldingNULAreStoredExactly(_ backend: TestBackend) async throws {
        try await backend.withDatabase { test in
            let db = test.database
            try await db.write { tx in try await tx.executeScript(Self.valuesTable(db.dialect)) }
            let bytes: [UInt8] = [0, 0x6e, 0x00, 0xff, 0xfe, 0xc3, 0x28, 0]
            try await db.write { tx in try await tx.execute("INSERT INTO vals (id, b) VALUES (1, $1)", [.blob(bytes)]) }
            let read = try await db.read { tx in try await tx.queryFirst("SELECT b FROM vals WHERE b = $1", [.blob(bytes)]) }
            #expect(try read?.bytes(0) == bytes)
        }
    }
}
