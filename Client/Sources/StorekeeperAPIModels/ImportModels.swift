/// `POST /v1/admin/apps/{app}/imports`: an import file to resolve at Apple and apply
/// (`docs/IMPORT.md`).
public struct CreateImportRequest: Codable, Sendable, Hashable {
    /// `csv` or `jsonl`.
    public var format: String
    /// The file's text.
    public var content: String
    /// Resolve and report what would change, writing nothing.
    public var dryRun: Bool?
    public var reason: String

    public init(format: String, content: String, dryRun: Bool? = nil, reason: String) {
        self.format = format
        self.content = content
        self.dryRun = dryRun
        self.reason = reason
    }
}

/// An import job and its report so far.
public struct ImportJobBody: Codable, Sendable, Hashable {
    public var id: String
    /// `running` or `finished`.
    public var status: String
    public var dryRun: Bool
    public var total: Int
    /// Rows with an outcome.
    public var done: Int
    public var counts: ImportCountsBody
    /// Rows that were not imported or already known (invalid, unknown at Apple, conflicts,
    /// failures), by line; at most the first 1,000.
    public var problems: [ImportProblemBody]
    /// Milliseconds since 1970.
    public var createdAt: Int64
    public var updatedAt: Int64

    public init(
        id: String, status: String, dryRun: Bool, total: Int, done: Int, counts: ImportCountsBody, problems: [ImportProblemBody],
        createdAt: Int64, updatedAt: Int64
    ) {
        self.id = id
        self.status = status
        self.dryRun = dryRun
        self.total = total
        self.done = done
        self.counts = counts
        self.problems = problems
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Rows by outcome (in a dry run: what would happen).
public struct ImportCountsBody: Codable, Sendable, Hashable {
    public var imported: Int
    public var alreadyKnown: Int
    public var unknownAtApple: Int
    public var ownershipConflict: Int
    public var invalid: Int
    public var failed: Int

    public init(imported: Int, alreadyKnown: Int, unknownAtApple: Int, ownershipConflict: Int, invalid: Int, failed: Int) {
        self.imported = imported
        self.alreadyKnown = alreadyKnown
        self.unknownAtApple = unknownAtApple
        self.ownershipConflict = ownershipConflict
        self.invalid = invalid
        self.failed = failed
    }
}

/// One row that was not imported, with its line in the file.
public struct ImportProblemBody: Codable, Sendable, Hashable {
    public var line: Int
    /// `invalid`, `unknownAtApple`, `ownershipConflict` or `failed`.
    public var outcome: String
    public var customerId: String?
    public var detail: String?

    public init(line: Int, outcome: String, customerId: String? = nil, detail: String? = nil) {
        self.line = line
        self.outcome = outcome
        self.customerId = customerId
        self.detail = detail
    }
}
