import AppStoreModels
public import Foundation

/// Verifies any piece of signed App Store data and renders what it decoded to as JSON: the
/// engine behind `storekeeper verify` and the admin console's inspector.
public struct SignedDataInspector: Sendable {
    /// The outcome for one input.
    public struct Inspection: Sendable {
        public var kind: SignedDataKind?
        /// The decoded payload as a JSON object (UTF-8), with nested signed values decoded
        /// beside them (`transactionInfo`, `renewalInfo`, `appTransactionInfo` next to their
        /// `signed*` fields).
        public var decoded: Data?
        public var error: VerificationError?
        public var isValid: Bool { error == nil }

        public init(kind: SignedDataKind? = nil, decoded: Data? = nil, error: VerificationError? = nil) {
            self.kind = kind
            self.decoded = decoded
            self.error = error
        }
    }

    public let jws: SignedDataVerifier
    /// When set, JWS also get the online checks (validity now, OCSP).
    public let online: OnlineSignedDataVerifier?
    /// Verifies legacy receipts; `nil` when the caller does not handle them.
    public let receipts: (any ReceiptInspecting)?

    public init(jws: SignedDataVerifier, online: OnlineSignedDataVerifier? = nil, receipts: (any ReceiptInspecting)?) {
        self.jws = jws
        self.online = online
        self.receipts = receipts
    }

    public func inspect(_ text: String) async -> Inspection {
        var inspection = Inspection()
        do throws(VerificationError) {
            let (kind, data) = try SignedDataKind.detect(text)
            inspection.kind = kind
            switch kind {
            case .notification:
                let notification = try await verifyNotification(data)
                var object = try Self.jsonObject(notification.payload)
                if var payloadData = object["data"] as? [String: Any] {
                    if let transaction = notification.transaction {
                        payloadData["transactionInfo"] = try Self.jsonObject(transaction)
                    }
                    if let renewalInfo = notification.renewalInfo {
                        payloadData["renewalInfo"] = try Self.jsonObject(renewalInfo)
                    }
                    object["data"] = payloadData
                }
                if var appData = object["appData"] as? [String: Any],
                    let appTransaction = notification.appTransaction
                {
                    appData["appTransactionInfo"] = try Self.jsonObject(appTransaction)
                    object["appData"] = appData
                }
                inspection.decoded = try Self.json(object)
            case .transaction:
                let transaction =
                    if let online { try await online.verifyTransaction(data) } else { try jws.verifyTransaction(data) }
                inspection.decoded = try Self.json(Self.jsonObject(transaction))
            case .renewalInfo:
                let renewalInfo =
                    if let online { try await online.verifyRenewalInfo(data) } else { try jws.verifyRenewalInfo(data) }
                inspection.decoded = try Self.json(Self.jsonObject(renewalInfo))
            case .appTransaction:
                let appTransaction =
                    if let online { try await online.verifyAppTransaction(data) } else { try jws.verifyAppTransaction(data) }
                inspection.decoded = try Self.json(Self.jsonObject(appTransaction))
            default:
                guard let receipts else {
                    throw .malformed("\(kind) input is not supported here")
                }
                inspection.decoded = try receipts.inspect(kind: kind, base64: data)
            }
        } catch {
            inspection.error = error
        }
        return inspection
    }

    private func verifyNotification(_ data: String) async throws(VerificationError) -> VerifiedNotification {
        if let online { return try await online.verifyNotification(data) }
        return try jws.verifyNotification(data)
    }

    /// Encodes a decoded value and reads it back as a JSON object.
    package static func jsonObject<T: Encodable>(_ value: T) throws(VerificationError) -> [String: Any] {
        do {
            let data = try JSONEncoder().encode(value)
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw VerificationError.malformed("decoded value is not a JSON object")
            }
            return object
        } catch let error as VerificationError {
            throw error
        } catch {
            throw .malformed("decoded value cannot be rendered as JSON: \(error)")
        }
    }

    package static func json(_ object: [String: Any]) throws(VerificationError) -> Data {
        do {
            return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        } catch {
            throw .malformed("decoded value cannot be rendered as JSON: \(error)")
        }
    }
}

/// Verifies and decodes legacy receipts for `SignedDataInspector`.
public protocol ReceiptInspecting: Sendable {
    /// Verifies a base64 receipt of `kind` (`.receipt` or `.transactionReceipt`) and returns
    /// what it decoded to as a JSON object (UTF-8).
    func inspect(kind: SignedDataKind, base64: String) throws(VerificationError) -> Data
}
