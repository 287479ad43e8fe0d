import Foundation

/// An import file (`storekeeper import`, `POST /v1/admin/apps/{app}/imports`) read into rows:
/// CSV with a header naming `customerId` and one or more identifier columns (`transactionId`,
/// `originalTransactionId`, `appTransactionId`, `receipt`; snake_case names are accepted too), or
/// JSON lines, one object per line with the same keys. Each row names one customer and exactly
/// one identifier. A bad row is reported with its line and never stops the others.
public enum ImportFile {
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case csv, jsonl
    }

    /// The rows and the refused lines of `text`, in file order; blank lines are skipped.
    public static func parse(_ text: String, format: Format) -> (rows: [ImportRow], invalid: [ImportRowError]) {
        var rows: [ImportRow] = []
        var invalid: [ImportRowError] = []
        var columns: [String]?
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let content = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine[...]
            guard !content.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            let fields: [String: String]
            switch format {
            case .csv:
                guard let cells = csvFields(content) else {
                    invalid.append(ImportRowError(line: line, .malformed, "unbalanced quotes"))
                    continue
                }
                guard let names = columns else {
                    columns = cells.map(columnName)
                    continue
                }
                guard cells.count <= names.count else {
                    invalid.append(ImportRowError(line: line, .malformed, "\(cells.count) fields for \(names.count) columns"))
                    continue
                }
                fields = Dictionary(zip(names, cells), uniquingKeysWith: { first, _ in first })
            case .jsonl:
                guard let object = try? JSONSerialization.jsonObject(with: Data(content.utf8)) as? [String: Any] else {
                    invalid.append(ImportRowError(line: line, .malformed, "not a JSON object"))
                    continue
                }
                fields = Dictionary(
                    object.compactMap { key, value in (value as? String).map { (columnName(key), $0) } },
                    uniquingKeysWith: { first, _ in first })
            }
            switch row(fields, line: line) {
            case .success(let row): rows.append(row)
            case .failure(let error): invalid.append(error)
            }
        }
        return (rows, invalid)
    }

    /// A row from its named fields (blank fields count as absent).
    static func row(_ fields: [String: String], line: Int) -> Result<ImportRow, ImportRowError> {
        let present = fields.mapValues { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.value.isEmpty }
        guard let customer = present["customerId"] else {
            return .failure(ImportRowError(line: line, .missingCustomer, "no customerId"))
        }
        guard CustomerID(customer, in: .preIsolation) != nil else {
            return .failure(ImportRowError(line: line, .invalidCustomer, "customerId is not 1–128 of letters, digits and ._:@-"))
        }
        let named = ImportIdentifier.kinds.compactMap { kind in present[kind].flatMap { ImportIdentifier(kind: kind, value: $0) } }
        guard let identifier = named.first else {
            return .failure(
                ImportRowError(line: line, .missingIdentifier, "no transactionId, originalTransactionId, appTransactionId or receipt"))
        }
        guard named.count == 1 else {
            return .failure(ImportRowError(line: line, .severalIdentifiers, "name one identifier per row"))
        }
        if let problem = problem(with: identifier) {
            return .failure(ImportRowError(line: line, .invalidIdentifier, problem))
        }
        return .success(ImportRow(line: line, customerId: customer, identifier: identifier))
    }

    /// Apple's transaction identifiers are decimal digits; a receipt is base64.
    static func problem(with identifier: ImportIdentifier) -> String? {
        let value = identifier.value
        switch identifier {
        case .transactionId, .originalTransactionId, .appTransactionId:
            guard (1...64).contains(value.utf8.count), value.utf8.allSatisfy({ (48...57).contains($0) }) else {
                return "\(identifier.kind) must be 1–64 decimal digits"
            }
        case .receipt:
            guard Data(base64Encoded: value) != nil else { return "receipt is not base64" }
        }
        return nil
    }

    /// `customer_id` → `customerId`; names compare without case.
    static func columnName(_ name: String) -> String {
        let words = name.trimmingCharacters(in: .whitespaces).split(separator: "_")
        let joined = words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
        return (["customerId"] + ImportIdentifier.kinds).first { $0.lowercased() == joined.lowercased() } ?? joined
    }

    /// RFC 4180 fields of one line; `nil` when a quote is left open.
    static func csvFields(_ line: Substring) -> [String]? {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if quoted {
                if character == "\"" {
                    let next = line.index(after: index)
                    if next < line.endIndex, line[next] == "\"" {
                        field.append("\"")
                        index = next
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
            index = line.index(after: index)
        }
        guard !quoted else { return nil }
        fields.append(field)
        return fields
    }
}
