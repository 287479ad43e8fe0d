public import Foundation

/// What one search box's text can be, decided from its shape alone (no IO): the identifiers
/// support is handed by a customer — an account or guest ID, a business order ID (which is also
/// the purchase's `appAccountToken`), Apple's numeric `transactionId`, `originalTransactionId` or
/// `webOrderLineItemId`, or the order ID of Apple's emailed invoice (`MK5TTTVWJH`).
///
/// Shapes overlap on purpose: a UUID or a run of digits is also a well-formed customer ID, and an
/// invoice order ID is one too, so the query names every kind it could be and the store answers
/// only the kinds that match.
public struct SearchQuery: Hashable, Sendable {
    /// The text searched for, trimmed of surrounding whitespace.
    public let text: String
    /// The text as a customer ID (customers and their aliases), when it is one.
    public let customerId: CustomerID?
    /// The text as a UUID: an order's ID or its `appAccountToken`.
    public let orderId: UUID?
    /// The text as an Apple numeric identifier: a transaction, an original transaction or a
    /// subscription period (`webOrderLineItemId`).
    public let appleId: String?
    /// The text as the order ID of Apple's emailed invoice (Look Up Order ID).
    public let invoiceOrderId: String?

    /// The longest text searched for: the longest identifier accepted anywhere (a customer ID).
    public static let maximumLength = 128

    /// Classifies `raw`, a customer ID naming a customer of `space`; `nil` when it is empty,
    /// longer than ``maximumLength`` bytes, or matches no identifier's shape.
    public init?(_ raw: String, in space: CustomerSpace) {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.utf8.count <= Self.maximumLength else { return nil }
        self.text = text
        customerId = CustomerID(text, in: space)
        orderId = UUID(uuidString: text)
        appleId = Self.isAppleNumericId(text) ? text : nil
        invoiceOrderId = Self.isInvoiceOrderId(text) ? text : nil
        if customerId == nil, orderId == nil, appleId == nil, invoiceOrderId == nil { return nil }
    }

    /// The kinds of match this query can produce, in the order they are answered.
    public var candidateKinds: [SearchMatch.Kind] {
        var kinds: [SearchMatch.Kind] = []
        if customerId != nil { kinds += [.customer, .alias] }
        if orderId != nil { kinds.append(.order) }
        if appleId != nil { kinds += [.transaction, .originalTransaction, .webOrderLineItem, .appTransaction] }
        if invoiceOrderId != nil { kinds.append(.invoiceOrder) }
        return kinds
    }

    /// Apple's transaction, original transaction and web order line item IDs are decimal
    /// numbers (at most 20 digits: they fit an unsigned 64-bit integer).
    static func isAppleNumericId(_ text: String) -> Bool {
        (1...20).contains(text.utf8.count) && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// An invoice order ID is a short run of capital letters and digits with at least one letter
    /// (`MK5TTTVWJH`); 8–16 characters covers every length Apple has printed.
    static func isInvoiceOrderId(_ text: String) -> Bool {
        let bytes = text.utf8
        let letters = UInt8(ascii: "A")...UInt8(ascii: "Z")
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        return (8...16).contains(bytes.count) && bytes.allSatisfy { letters.contains($0) || digits.contains($0) }
            && bytes.contains { letters.contains($0) }
    }
}
