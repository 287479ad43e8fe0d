import AppStoreModels
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// The app's backend as the demo plays it: an HTTP endpoint receiving Storekeeper's signed
/// webhooks (`entitlements.changed`, `wallet.changed`), checking each signature the way a real
/// backend should.
final class DemoBackend: Sendable {
    /// One webhook received.
    struct Event: Sendable {
        var type: String
        var customerId: String
        var summary: String
        var signatureValid: Bool
    }

    /// The shared secret configured as the webhook's `secret`.
    let secret: String
    let path = "/storekeeper-events"
    private let received = Mutex<[Event]>([])

    init(secret: String) {
        self.secret = secret
    }

    /// Events received since the last call.
    func drain() -> [Event] {
        received.withLock { events in
            defer { events = [] }
            return events
        }
    }

    /// The receiving server (port 0: the system picks one; `onPort` hears which).
    func application(logger: Logger, onPort: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let router = Router()
        router.post(RouterPath(stringLiteral: path)) { request, _ -> HTTPResponse.Status in
            let body = try await request.body.collect(upTo: 1 << 20)
            let signature = HTTPField.Name("Storekeeper-Signature").flatMap { request.headers[$0] } ?? ""
            self.record(body: Data(body.readableBytesView), signature: signature)
            return .noContent
        }
        return Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: "demo-backend"),
            onServerRunning: { channel in await onPort(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    private func record(body: Data, signature: String) {
        let event: Event
        if let decoded = try? JSONDecoder().decode(Payload.self, from: body) {
            event = Event(
                type: decoded.type, customerId: decoded.customerId, summary: decoded.summary,
                signatureValid: Self.verify(signature: signature, body: body, secret: secret))
        } else {
            event = Event(type: "undecodable", customerId: "?", summary: "\(body.count) bytes", signatureValid: false)
        }
        received.withLock { $0.append(event) }
    }

    /// `Storekeeper-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
    static func verify(signature: String, body: Data, secret: String) -> Bool {
        var timestamp: String?
        var mac: String?
        for part in signature.split(separator: ",") {
            if part.hasPrefix("t=") { timestamp = String(part.dropFirst(2)) }
            if part.hasPrefix("v1=") { mac = String(part.dropFirst(3)) }
        }
        guard let timestamp, let mac else { return false }
        var signed = Data(timestamp.utf8)
        signed.append(UInt8(ascii: "."))
        signed.append(body)
        let expected = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8)))
        return expected.map { String(format: "%02x", $0) }.joined() == mac
    }

    /// The webhook body: `{id, type, appId, customerId, occurredAt, data}`.
    private struct Payload: Decodable {
        struct Item: Decodable {
            var id: String
            var expiresAt: Int64?
        }
        struct Body: Decodable {
            var granted: [Item]?
            var removed: [Item]?
            var currency: String?
            var delta: Int64?
            var balance: Int64?
            var reason: String?
        }
        var type: String
        var customerId: String
        var data: Body

        var summary: String {
            if let currency = data.currency, let delta = data.delta, let balance = data.balance {
                return "\(currency) \(delta >= 0 ? "+" : "")\(delta) → \(balance) (\(data.reason ?? "?"))"
            }
            // A grant replaced by another for the same entitlement (a renewal, a restored
            // transaction) comes as one removal and one grant: shown as one change.
            let removedIds = Set((data.removed ?? []).map(\.id))
            let grantedIds = Set((data.granted ?? []).map(\.id))
            var parts: [String] = []
            for item in data.granted ?? [] {
                let until = item.expiresAt.map { "until " + DemoTimeline.time(.init(millisecondsSince1970: $0)) } ?? "forever"
                parts.append(
                    removedIds.contains(item.id) ? "\(item.id) now \(until) (replaces its previous grant)" : "granted \(item.id) \(until)")
            }
            for item in data.removed ?? [] where !grantedIds.contains(item.id) {
                parts.append("removed \(item.id)")
            }
            return parts.isEmpty ? "no change" : parts.joined(separator: "; ")
        }
    }
}
