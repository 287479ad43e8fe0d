import AppStoreModels
import Foundation

/// The app's backend webhook an outbox message goes to, as its `destination` column names it:
/// `app:<app id>:webhook:<name>`.
///
/// The app is part of the destination, and the server's dispatcher looks the webhook up only
/// among that app's own (`AppWebhooks`): two apps may both call their webhook `backend`, and neither ever
/// receives, or signs, the other's events. App ids never contain `:` (`AppConfiguration`), so the
/// first `:` after `app:` ends the id.
///
/// Rows written before webhooks were scoped to apps name only the webhook (`webhook:<name>`);
/// the event they carry names its app (`appId`), which places them.
public struct WebhookDestination: Hashable, Sendable {
    public var appId: String
    public var name: String

    public static let prefix = "app:"
    public static let separator = ":webhook:"
    public static let legacyPrefix = "webhook:"

    public init(appId: String, name: String) {
        self.appId = appId
        self.name = name
    }

    /// Parses `rawValue`; nil for anything else (a legacy row, a consumption answer).
    public init?(rawValue: String) {
        guard rawValue.hasPrefix(Self.prefix) else { return nil }
        let rest = rawValue.dropFirst(Self.prefix.count)
        guard let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix(Self.separator) else { return nil }
        let appId = rest[..<colon]
        let name = rest[colon...].dropFirst(Self.separator.count)
        guard !appId.isEmpty, !name.isEmpty else { return nil }
        self.init(appId: String(appId), name: String(name))
    }

    /// Where `message` goes, or nil when it is not a webhook message (or a legacy one whose event
    /// names no app).
    public init?(of message: OutboxMessage) {
        if let destination = WebhookDestination(rawValue: message.destination) {
            self = destination
            return
        }
        guard message.destination.hasPrefix(Self.legacyPrefix),
            let event = try? JSONCoding.decode(EventApp.self, from: message.payload), !event.appId.isEmpty
        else { return nil }
        let name = message.destination.dropFirst(Self.legacyPrefix.count)
        guard !name.isEmpty else { return nil }
        self.init(appId: event.appId, name: String(name))
    }

    public var rawValue: String { Self.prefix + appId + Self.separator + name }

    /// The one field of an `AppEvents.Event` a legacy row is placed by.
    private struct EventApp: Decodable {
        var appId: String
    }
}
