import AppStoreModels
import Foundation

/// Percent-encoding of path parameters and query values: everything but RFC 3986 unreserved
/// characters is encoded, so an identifier can never add a path segment or a query parameter.
enum PathEncoding {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// One path segment, percent-encoded.
    static func segment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// `?name=value&…` for the items in order, or the empty string.
    static func query(_ items: [URLQueryItem]) -> String {
        guard !items.isEmpty else { return "" }
        return "?" + items.map { segment($0.name) + "=" + segment($0.value ?? "") }.joined(separator: "&")
    }

    /// Checks that a path parameter is usable before anything is sent.
    static func require(
        _ value: String,
        _ name: String,
        for endpoint: AppStoreServerEndpoint
    ) throws(AppStoreAPIError) -> String {
        guard !value.isEmpty, value.utf8.count <= 512 else {
            throw AppStoreAPIError(
                .invalidRequest, "The \(name) path parameter must be 1 to 512 bytes long.", endpoint: endpoint.rawValue)
        }
        return segment(value)
    }
}
