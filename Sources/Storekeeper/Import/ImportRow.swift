/// The Apple identifier an imported row names its customer's purchases by.
public enum ImportIdentifier: Hashable, Sendable {
    case transactionId(String)
    case originalTransactionId(String)
    case appTransactionId(String)
    /// A base64 app receipt (StoreKit 1), verified locally, then resolved by its transactions.
    case receipt(String)

    /// The column (CSV) or key (JSON lines) naming it; also how a stored row records its kind.
    public var kind: String {
        switch self {
        case .transactionId: "transactionId"
        case .originalTransactionId: "originalTransactionId"
        case .appTransactionId: "appTransactionId"
        case .receipt: "receipt"
        }
    }

    public var value: String {
        switch self {
        case .transactionId(let v), .originalTransactionId(let v), .appTransactionId(let v), .receipt(let v): v
        }
    }

    public init?(kind: String, value: String) {
        switch kind {
        case "transactionId": self = .transactionId(value)
        case "originalTransactionId": self = .originalTransactionId(value)
        case "appTransactionId": self = .appTransactionId(value)
        case "receipt": self = .receipt(value)
        default: return nil
        }
    }

    public static let kinds = ["transactionId", "originalTransactionId", "appTransactionId", "receipt"]
}

/// One valid row of an import file: a customer, as the app names them, and one Apple identifier.
public struct ImportRow: Hashable, Sendable {
    /// 1-based line in the file (a CSV file's header is line 1).
    public var line: Int
    public var customerId: String
    public var identifier: ImportIdentifier

    public init(line: Int, customerId: String, identifier: ImportIdentifier) {
        self.line = line
        self.customerId = customerId
        self.identifier = identifier
    }
}

/// Why a row of an import file cannot be imported, with its line.
public struct ImportRowError: Error, Hashable, Sendable {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Not CSV fields or not a JSON object.
        public static let malformed = Code(rawValue: "malformed")
        public static let missingCustomer = Code(rawValue: "missingCustomer")
        public static let invalidCustomer = Code(rawValue: "invalidCustomer")
        public static let missingIdentifier = Code(rawValue: "missingIdentifier")
        public static let severalIdentifiers = Code(rawValue: "severalIdentifiers")
        public static let invalidIdentifier = Code(rawValue: "invalidIdentifier")
    }

    public var line: Int
    public var code: Code
    public var message: String

    public init(line: Int, _ code: Code, _ message: String) {
        self.line = line
        self.code = code
        self.message = message
    }
}
