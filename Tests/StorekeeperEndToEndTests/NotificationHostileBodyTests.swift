import AppStoreModels
import AppStoreSimulator
import Crypto
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// Bodies that can never be applied, whatever their bytes: each is stored exactly as received,
/// recorded as rejected and answered 200 `rejected` (so Apple stops sending it), on every
/// backend; never a 5xx, which would have Apple retry it forever.
@Suite struct NotificationHostileBodyTests {
    /// One hostile body; `bytes` gets the app's V1 shared secret, so the V1 bodies authenticate.
    struct HostileBody: Sendable {
        let label: String
        let bytes: @Sendable (_ secret: String) -> [UInt8]
    }

    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    static let bodies: [HostileBody] = [
        HostileBody(label: "V1, NUL in notification_type") { secret in
            utf8(#"{"notification_type":"INITIAL_BUY\u0000","password":"\#(secret)","environment":"Sandbox"}"#)
        },
        HostileBody(label: "V1, NUL in bid") { secret in
            utf8(#"{"notification_type":"DID_RENEW","password":"\#(secret)","bid":"com.example\u0000"}"#)
        },
        HostileBody(label: "V1, NUL in an unread field") { secret in
            utf8(#"{"notification_type":"DID_RENEW","password":"\#(secret)","note":"\u0000"}"#)
        },
        HostileBody(label: "V1, NUL in password") { _ in
            utf8(#"{"notification_type":"DID_RENEW","password":"\u0000"}"#)
        },
        HostileBody(label: "V1, a raw NUL byte") { secret in
            utf8(#"{"notification_type":"DID_RENEW"#) + [0] + utf8(#"","password":"\#(secret)"}"#)
        },
        HostileBody(label: "V1, invalid UTF-8 in notification_type") { secret in
            utf8(#"{"notification_type":"INITIAL_BUY"#) + [0xc3, 0x28] + utf8(#"","password":"\#(secret)"}"#)
        },
        HostileBody(label: "V2, NUL in signedPayload") { _ in utf8(#"{"signedPayload":"eyJhbGciOiJFUzI1NiJ9\u0000.e30.c2ln"}"#) },
        HostileBody(label: "V2, invalid UTF-8 in signedPayload") { _ in
            utf8(#"{"signedPayload":"eyJ"#) + [0xff, 0xfe] + utf8(#".e30.c2ln"}"#)
        },
        HostileBody(label: "V2, nested deeper than a notification body") { _ in
            utf8(#"{"signedPayload":"eyJhbGciOiJFUzI1NiJ9.e30.c2ln","note":{"a":{"b":{"c":[1]}}}}"#)
        },
        HostileBody(label: "random bytes") { _ in
            var generator = SystemRandomNumberGenerator()
            return [0xff] + (0..<2048).map { _ in UInt8.random(in: 0...255, using: &generator) }
        },
        HostileBody(label: "0xFF only") { _ in [UInt8](repeating: 0xff, count: 512) },
        HostileBody(label: "NUL only") { _ in [UInt8](repeating: 0, count: 8) },
        HostileBody(label: "empty") { _ in [] },
    ]

    @Test(arguments: NotificationBackend.all)
    func hostileBodiesAreStoredExactlyAndRejected(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            var app = try h.simulator.credentials(bundleId: DemoCatalog.bundleId)
            app.notificationVersion = .v1
            try h.simulator.configureApp(app)
            for body in Self.bodies {
                let bytes = body.bytes(app.sharedSecret)
                let response = try await h.client.post("/notifications", raw: Data(bytes), authenticated: false)
                #expect(response.status == 200, "\(body.label): \(response.text)")
                #expect(response.json["status"] as? String == "rejected", "\(body.label): \(response.text)")
                let id = "sha256:" + SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
                let entry = try await h.inbox(id)
                #expect(entry.map { [UInt8]($0.body) } == bytes, "\(body.label): stored exactly")
                #expect(entry?.status == .rejected, "\(body.label)")
                #expect(entry?.lastError?.isEmpty == false, "\(body.label): the reason is recorded")
                #expect(entry?.notificationType == nil, "\(body.label): nothing decoded from it is stored")
            }
            // The inbox processor has nothing to retry: every one of them was final.
            let due = try await h.store.read {
                try await $0.dueInbox(
                    at: Timestamp(millisecondsSince1970: .max >> 1), minimumAgeMilliseconds: 0, appIds: [h.stack.app.id], limit: 100)
            }
            #expect(due.isEmpty, "\(due.map(\.lastError))")
        }
    }

    /// A notification whose signature holds, in a body nested deeper than Apple's envelope:
    /// refused as malformed before its payload is trusted, as a body with its signature broken
    /// would be.
    @Test(arguments: NotificationBackend.all)
    func aSignedNotificationInABodyNestedTooDeepIsRejected(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let app = try h.simulator.credentials(bundleId: DemoCatalog.bundleId)
            let signer = try SharedSimulatorKeys.get().pki.signer()
            let payload = ResponseBodyV2DecodedPayload(
                notificationType: .test, notificationUUID: "deep-\(h.tag)",
                data: NotificationData(
                    appAppleId: app.appAppleId, bundleId: app.bundleId, bundleVersion: "1", environment: .sandbox),
                version: "2.0", signedDate: h.now)
            let signed = try signer.sign(payload)
            let body = Data(#"{"signedPayload":"\#(signed)","note":{"a":{"b":{"c":[1]}}}}"#.utf8)
            let response = try await h.client.post("/notifications", raw: body, authenticated: false)
            #expect(response.status == 200, "\(response.text)")
            #expect(response.json["status"] as? String == "rejected", "\(response.text)")
            let id = "sha256:" + SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined()
            let entry = try await h.inbox(id)
            #expect(entry?.body == body)
            #expect(entry?.status == .rejected)
            #expect(entry?.lastError?.contains("signedPayload") == true, "\(entry?.lastError ?? "")")
            #expect(try await h.inbox("deep-\(h.tag)") == nil, "nothing decoded from it is stored")
        }
    }

    /// A V2 notification whose signature holds (signed by the simulator's keys, as Apple would)
    /// but whose ID or type holds NUL: the SQL layer refuses that text on every backend, and the
    /// notification is recorded under the digest of its body and rejected instead of being
    /// retried forever.
    @Test(arguments: NotificationBackend.all)
    func signedNotificationsWithNULInStoredTextAreRejected(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let app = try h.simulator.credentials(bundleId: DemoCatalog.bundleId)
            let signer = try SharedSimulatorKeys.get().pki.signer()
            let payloads = [
                ("NUL in notificationUUID", NotificationTypeV2.test, "nul-\u{0}-\(h.tag)"),
                ("NUL in notificationType", NotificationTypeV2(rawValue: "TEST\u{0}"), "type-\(h.tag)"),
            ]
            for (label, type, uuid) in payloads {
                let payload = ResponseBodyV2DecodedPayload(
                    notificationType: type, notificationUUID: uuid,
                    data: NotificationData(
                        appAppleId: app.appAppleId, bundleId: app.bundleId, bundleVersion: "1", environment: .sandbox),
                    version: "2.0", signedDate: h.now)
                let body = try JSONEncoder().encode(ResponseBodyV2(signedPayload: try signer.sign(payload)))
                let response = try await h.client.post("/notifications", raw: body, authenticated: false)
                #expect(response.status == 200, "\(label): \(response.text)")
                #expect(response.json["status"] as? String == "rejected", "\(label): \(response.text)")
                let id = "sha256:" + SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined()
                let entry = try await h.inbox(id)
                #expect(entry?.body == body, "\(label): stored exactly")
                #expect(entry?.status == .rejected, "\(label)")
                #expect(entry?.lastError?.contains("nulInText") == true, "\(label): \(entry?.lastError ?? "")")
            }
        }
    }
}
