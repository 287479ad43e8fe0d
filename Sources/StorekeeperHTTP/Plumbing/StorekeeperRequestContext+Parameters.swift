package import Foundation
package import Storekeeper

/// The path parameters of Storekeeper's routes, each parsed here once, with the message and
/// status every route answers for a malformed one. Path parameters arrive percent-encoded as
/// sent: `guest%3Aipad-1` is `guest:ipad-1`.
extension StorekeeperRequestContext {
    /// The path's `app` among `apps`: 404 when there is none of that id or `visible` hides it
    /// (the two are indistinguishable).
    package func app<Services>(
        in apps: [String: Services], visible: (String) -> Bool = { _ in true }
    ) throws -> (id: String, services: Services) {
        guard let id = parameters.get("app"), let services = apps[id], visible(id) else {
            throw StorekeeperError.notFound("no such app")
        }
        return (id, services)
    }

    /// The path's `customer`, percent-decoded, placed in the app's customer `space`.
    package func customer(in space: CustomerSpace) throws -> CustomerID {
        guard let raw = parameters.get("customer"),
            let decoded = raw.utf8.contains(UInt8(ascii: "%")) ? raw.removingPercentEncoding : raw,
            let id = CustomerID(decoded, in: space)
        else {
            throw StorekeeperError.invalidRequest("customer id must be 1–128 characters of letters, digits and ._:@-")
        }
        return id
    }

    /// The path's `order` id.
    package var orderId: UUID {
        get throws { try uuid("order", "order id must be a UUID") }
    }

    /// The path's `grant` id (an operator's grant).
    package var grantId: UUID {
        get throws { try uuid("grant", "grant id must be a UUID") }
    }

    /// The path's `seatClaim` id (Apple's identifier of a seat claim).
    package var seatClaimId: UUID {
        get throws { try uuid("seatClaim", "seat claim id must be a UUID") }
    }

    /// The path's `product` id.
    package var productId: String {
        get throws {
            guard let product = parameters.get("product") else { throw StorekeeperError.invalidRequest("product is required") }
            return product
        }
    }

    /// The path's operator `name`: 404 when absent, as for an operator that does not exist.
    package var operatorName: String {
        get throws {
            guard let name = parameters.get("name") else { throw StorekeeperError.notFound("no such operator") }
            return name
        }
    }

    /// The path's `requestIdentifier` of a mass extension.
    package var requestIdentifier: String {
        get throws {
            guard let identifier = parameters.get("requestIdentifier") else {
                throw StorekeeperError.invalidRequest("requestIdentifier is required")
            }
            return identifier
        }
    }

    /// The path's timeline `entry` id, percent-decoded.
    package var timelineEntry: String {
        get throws {
            guard let raw = parameters.get("entry"), let entry = Self.decoded(raw), !entry.isEmpty else {
                throw StorekeeperError.invalidRequest("entry must be a timeline entry's id")
            }
            return entry
        }
    }

    /// The path parameter `name`, percent-decoded, of `bytes` bytes; otherwise 400 with `message`
    /// (the API and the console bound a notification id or a TEST token differently).
    package func text(_ name: String, bytes: ClosedRange<Int>, else message: String) throws -> String {
        guard let raw = parameters.get(name), let text = Self.decoded(raw), bytes.contains(text.utf8.count) else {
            throw StorekeeperError.invalidRequest(message)
        }
        return text
    }

    private func uuid(_ name: String, _ message: String) throws -> UUID {
        guard let raw = parameters.get(name), let id = UUID(uuidString: raw) else { throw StorekeeperError.invalidRequest(message) }
        return id
    }

    /// `raw` without its percent-encoding (decoded only when it holds any).
    private static func decoded(_ raw: String) -> String? {
        raw.utf8.contains(UInt8(ascii: "%")) ? raw.removingPercentEncoding : raw
    }
}
