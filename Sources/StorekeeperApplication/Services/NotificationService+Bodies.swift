package import AppStoreModels
import Crypto
import Foundation
import Storekeeper

/// What the notification paths ask of a raw body or of text about it: its version, its id when
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

    /// 2 for `{"signedPayload": ...}`, 1 for `{"notification_type": ...}`. The strict tape
    /// decoder reads the probe: Foundation's decoder cost as much as one signature check on
    /// every notification, and a body with a repeated key is no body Apple sends.
    package static func version(of body: [UInt8]) -> Int? {
        struct Probe: Decodable {
            package var signedPayload: String?
            package var notification_type: String?
        }
        guard let probe = try? JSONCoding.decodeStrict(Probe.self, from: body, maxDepth: 32) else { return nil }
        if probe.signedPayload != nil { return 2 }
        if probe.notification_type != nil { return 1 }
        return nil
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
