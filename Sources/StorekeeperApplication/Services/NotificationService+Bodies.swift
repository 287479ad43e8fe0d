package import AppStoreModels
import AppStoreVerification
import Crypto
import Foundation
import Storekeeper

/// What the notification paths ask of a raw body or of text about it: its kind, its id when
/// it has none of its own, its environment (V1), whether a failure quoting it can be stored, and
/// the V1 shared secret's comparison.
extension NotificationService {
    /// A V1 body's environment named as V2 names it (`Sandbox`, `Production`).
    package static func environment(of notification: AppStoreServerNotificationV1) -> String? {
        guard let environment = notification.environment else { return nil }
        return environment == .production ? AppStoreEnvironment.production.rawValue : environment.rawValue
    }

    /// Whether `error` is text no backend stores (U+0000): permanent, never worth a retry.
    package static func isUnstorable(_ error: any Error) -> Bool {
        (error as? PurchaseStoreError)?.code == .nulInText
    }

    /// `text` with every U+0000 written as the six characters `\u0000`, so a diagnostic quoting
    /// hostile input (an error's description) can always be stored.
    package static func storable(_ text: String) -> String {
        guard text.utf8.contains(0) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar == "\u{0}" { escaped += "\\u0000" } else { escaped.unicodeScalars.append(scalar) }
        }
        return escaped
    }

    /// What a request body holds, read once on the common path.
    package enum BodyKind: Equatable {
        /// `{"notification_type": ...}`.
        case v1
        /// `{"signedPayload": ...}`, with the signed payload, ready for the verifier.
        case v2(signedPayload: String)
        /// Names a `signedPayload` but nests deeper than a notification body may: the verifier
        /// reads the body again and says why it refuses it.
        case malformedV2
    }

    /// The body's kind, or nil when it is neither kind. The strict tape decoder reads it:
    /// Foundation's decoder cost as much as one signature check on every notification, and a
    /// body with a repeated key is no body Apple sends. A V2 body is read at the verifier's own
    /// depth, so its signed payload comes out of this one pass; only deeper bodies (V1's, or a
    /// malformed V2) are read a second time.
    package static func kind(of body: [UInt8]) -> BodyKind? {
        struct Probe: Decodable {
            package var signedPayload: String?
            package var notification_type: String?
        }
        if let probe = try? JSONCoding.decodeStrict(
            Probe.self, from: body, maxDepth: SignedDataVerifier.notificationBodyMaxDepth)
        {
            if let signedPayload = probe.signedPayload { return .v2(signedPayload: signedPayload) }
            return probe.notification_type != nil ? .v1 : nil
        }
        guard let probe = try? JSONCoding.decodeStrict(Probe.self, from: body, maxDepth: 32) else { return nil }
        if probe.signedPayload != nil { return .malformedV2 }
        return probe.notification_type != nil ? .v1 : nil
    }

    /// Whether `body` is UTF-8, checked in place (no copy of a body of kilobytes into a String).
    package static func isUTF8(_ body: [UInt8]) -> Bool {
        (try? UTF8Span(validating: body.span)) != nil
    }

    package static func digestId(_ body: [UInt8]) -> String {
        "sha256:" + SHA256.hash(data: body).lowercaseHex
    }

    /// Compares secrets without leaking where they differ through timing.
    package static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for index in 0..<max(a.count, b.count) {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0
    }
}
