public import AppStoreModels
import Foundation
public import Storekeeper

/// Typed reads of the store's column conventions. Type errors are ``SQLError``s
/// (`typeMismatch`); values the domain cannot represent are ``SQLPurchaseStoreError/Code/corruptData``.
/// Nothing here traps.
extension SQLRow {
    func timestamp(_ index: Int) throws -> Timestamp {
        Timestamp(millisecondsSince1970: try int64(index))
    }

    func optionalTimestamp(_ index: Int) throws -> Timestamp? {
        try optionalInt64(index).map(Timestamp.init(millisecondsSince1970:))
    }

    func customerID(_ index: Int) throws -> CustomerID {
        let text = try string(index)
        guard let id = CustomerID(stored: text) else {
            throw SQLPurchaseStoreError.corrupt("column \(columnName(index)) holds an invalid customer ID")
        }
        return id
    }

    func optionalCustomerID(_ index: Int) throws -> CustomerID? {
        guard try !value(index).isNull else { return nil }
        return try customerID(index)
    }

    func data(_ index: Int) throws -> Data {
        Data(try bytes(index))
    }

    func int32(_ index: Int) throws -> Int32 {
        guard let value = try optionalInt32(index) else {
            throw SQLError.typeMismatch("column \(columnName(index)) is NULL, expected integer")
        }
        return value
    }

    func optionalInt32(_ index: Int) throws -> Int32? {
        guard let value = try optionalInt64(index) else { return nil }
        guard let narrow = Int32(exactly: value) else {
            throw SQLPurchaseStoreError.corrupt("column \(columnName(index)) holds \(value), out of the 32-bit range")
        }
        return narrow
    }

    /// A closed enumeration stored by its raw value; an unknown value is corrupt data.
    func closedEnum<T: RawRepresentable>(_ type: T.Type, _ index: Int) throws -> T where T.RawValue == String {
        let text = try string(index)
        guard let value = T(rawValue: text) else {
            throw SQLPurchaseStoreError.corrupt("column \(columnName(index)) holds an unknown \(T.self) \"\(text)\"")
        }
        return value
    }

    /// JSON text decoded into `T`.
    func json<T: Decodable>(_ type: T.Type, _ index: Int) throws -> T {
        let text = try string(index)
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw SQLPurchaseStoreError.corrupt("column \(columnName(index)) holds malformed JSON for \(T.self)")
        }
    }

    func columnName(_ index: Int) -> String {
        columns.indices.contains(index) ? "\"\(columns[index])\"" : "\(index)"
    }
}

extension Timestamp: SQLBindable {
    /// Milliseconds since 1970.
    public var sqlValue: SQLValue { .integer(millisecondsSince1970) }
}

extension CustomerID: SQLBindable {
    /// The stored key (space and id), so every customer-keyed statement stays in one space.
    public var sqlValue: SQLValue { .text(key) }
}

extension AppStoreEnvironment: SQLBindable {
    public var sqlValue: SQLValue { .text(rawValue) }
}

/// JSON text for small structured columns (audit details, API key scopes): sorted keys, so the
/// same value always gives the same text. ``FastJSONEncoder`` writes the bytes Foundation's
/// canonical encoder writes, at a fraction of its CPU (every write carries an audit event).
enum StoreJSON {
    static func text(_ value: some Encodable) throws -> SQLValue {
        .text(String(decoding: try FastJSONEncoder().encode(value), as: UTF8.self))
    }
}
