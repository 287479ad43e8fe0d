/// `GET /v1/admin/apps/{app}/search?q=`: which customers an identifier leads to.
public struct AdminSearchResponse: Codable, Sendable, Hashable {
    /// The text searched for, trimmed.
    public var query: String
    /// The kinds of identifier the text could be (``SearchMatchBody/kind`` values).
    public var candidates: [String]
    public var matches: [SearchMatchBody]
    /// Apple's answer when the text looked like an invoice order ID and the app can ask Apple.
    public var invoice: AdminInvoiceLookup?

    public init(query: String, candidates: [String], matches: [SearchMatchBody], invoice: AdminInvoiceLookup? = nil) {
        self.query = query
        self.candidates = candidates
        self.matches = matches
        self.invoice = invoice
    }
}
