public import Foundation

/// The query of Get Transaction History (`GET /inApps/v2/history/{transactionId}`): every
/// documented filter, with conversion to and from URL query items in Apple's parameter names.
///
/// Multi-valued filters (`productId`, `productType`, `subscriptionGroupIdentifier`) repeat their
/// parameter once per value; the response matches any of the values. Use the same filters for
/// every page and add the previous response's `revision`.
public struct TransactionHistoryRequest: Hashable, Sendable, Codable {
    /// Only transactions modified at or after this instant (milliseconds since 1970).
    public var startDate: Timestamp?
    /// Only transactions modified before this instant (milliseconds since 1970).
    public var endDate: Timestamp?
    /// Only transactions of these product identifiers.
    public var productId: [String]?
    /// Only transactions of these product types.
    public var productType: [TransactionHistoryProductType]?
    /// The order of results by recently modified date (Apple's default is ascending).
    public var sort: TransactionHistorySort?
    /// Only transactions of these subscription groups.
    public var subscriptionGroupIdentifier: [String]?
    /// Only purchased, or only Family Sharing, transactions.
    public var inAppOwnershipType: InAppOwnershipType?
    /// `true` for only refunded or revoked transactions, `false` for only the others.
    public var revoked: Bool?
    /// The `revision` token of the previous page's ``HistoryResponse``.
    public var revision: String?

    /// Creates a query; every filter defaults to `nil` (not applied).
    public init(
        startDate: Timestamp? = nil,
        endDate: Timestamp? = nil,
        productId: [String]? = nil,
        productType: [TransactionHistoryProductType]? = nil,
        sort: TransactionHistorySort? = nil,
        subscriptionGroupIdentifier: [String]? = nil,
        inAppOwnershipType: InAppOwnershipType? = nil,
        revoked: Bool? = nil,
        revision: String? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.productId = productId
        self.productType = productType
        self.sort = sort
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.inAppOwnershipType = inAppOwnershipType
        self.revoked = revoked
        self.revision = revision
    }

    /// The same query for the page after the one that returned `revision`.
    public func nextPage(revision: String) -> TransactionHistoryRequest {
        var next = self
        next.revision = revision
        return next
    }

    /// The query items in Apple's parameter names, in a stable order; absent filters are omitted.
    public var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let revision { items.append(URLQueryItem(name: "revision", value: revision)) }
        if let startDate { items.append(URLQueryItem(name: "startDate", value: String(startDate.millisecondsSince1970))) }
        if let endDate { items.append(URLQueryItem(name: "endDate", value: String(endDate.millisecondsSince1970))) }
        for value in productId ?? [] { items.append(URLQueryItem(name: "productId", value: value)) }
        for value in productType ?? [] { items.append(URLQueryItem(name: "productType", value: value.rawValue)) }
        if let sort { items.append(URLQueryItem(name: "sort", value: sort.rawValue)) }
        for value in subscriptionGroupIdentifier ?? [] {
            items.append(URLQueryItem(name: "subscriptionGroupIdentifier", value: value))
        }
        if let inAppOwnershipType {
            items.append(URLQueryItem(name: "inAppOwnershipType", value: inAppOwnershipType.rawValue))
        }
        if let revoked { items.append(URLQueryItem(name: "revoked", value: revoked ? "true" : "false")) }
        return items
    }

    /// Parses query items the way the App Store does, rejecting malformed or undocumented values
    /// with the error code Apple would return. Unknown parameter names are ignored.
    public init(queryItems: [URLQueryItem]) throws(APIRequestError) {
        self.init()
        for item in queryItems {
            let value = item.value ?? ""
            switch item.name {
            case "revision":
                guard !value.isEmpty else { throw APIRequestError(.invalidRequestRevision, reason: "Empty revision.") }
                revision = value
            case "startDate":
                startDate = try Self.timestamp(value, error: .invalidStartDate, name: "startDate")
            case "endDate":
                endDate = try Self.timestamp(value, error: .invalidEndDate, name: "endDate")
            case "productId":
                guard !value.isEmpty else { throw APIRequestError(.invalidProductId, reason: "Empty productId.") }
                productId = (productId ?? []) + [value]
            case "productType":
                let type = TransactionHistoryProductType(rawValue: value)
                guard type.isKnown else { throw Self.invalid(.invalidProductType, "productType", value) }
                productType = (productType ?? []) + [type]
            case "sort":
                let order = TransactionHistorySort(rawValue: value)
                guard order.isKnown else { throw Self.invalid(.invalidSort, "sort", value) }
                sort = order
            case "subscriptionGroupIdentifier":
                guard !value.isEmpty else {
                    throw APIRequestError(.invalidSubscriptionGroupIdentifier, reason: "Empty subscriptionGroupIdentifier.")
                }
                subscriptionGroupIdentifier = (subscriptionGroupIdentifier ?? []) + [value]
            case "inAppOwnershipType":
                let ownership = InAppOwnershipType(rawValue: value)
                guard ownership.isKnown else { throw Self.invalid(.invalidInAppOwnershipType, "inAppOwnershipType", value) }
                inAppOwnershipType = ownership
            case "revoked":
                switch value {
                case "true": revoked = true
                case "false": revoked = false
                default: throw Self.invalid(.invalidRevoked, "revoked", value)
                }
            default:
                continue
            }
        }
        if let startDate, let endDate, endDate <= startDate {
            throw APIRequestError(.startDateAfterEndDate, reason: "endDate must be later than startDate.")
        }
    }

    private static func timestamp(_ value: String, error: APIErrorCode, name: String) throws(APIRequestError) -> Timestamp {
        guard let milliseconds = LenientDecoding.parseInt64(value), milliseconds >= 0 else {
            throw invalid(error, name, value)
        }
        return Timestamp(millisecondsSince1970: milliseconds)
    }

    private static func invalid(_ code: APIErrorCode, _ name: String, _ value: String) -> APIRequestError {
        APIRequestError(code, reason: "Invalid \(name) \(LenientDecoding.preview(value)).")
    }
}
