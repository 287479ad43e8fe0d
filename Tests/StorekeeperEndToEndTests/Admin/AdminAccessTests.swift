import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperLocal
import Testing

/// Who reaches the admin API: operator keys only, each in its role, each in its own apps; and
/// the operator accounts admins manage through it, every change in the app's audit log.
@Suite struct AdminAccessTests {
    @Test(arguments: E2EBackend.withMemory)
    func onlyOperatorKeysReachAdminRoutesAndOnlyAdminRoutes(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let viewer = try await e2e.createOperator(.viewer)
            let anonymous = try await e2e.adminClient(credential: "").get("/audit")
            #expect(anonymous.status == 401)
            #expect(anonymous.errorCode == "unauthorized")
            let serverKey = try await e2e.adminRootClient(credential: e2e.stack.apiKey).get("/me")
            #expect(serverKey.status == 403, "a server API key never reaches admin routes: \(serverKey.text)")
            #expect(serverKey.errorCode == "forbidden")
            let token = e2e.stack.customerToken(try E2EStack.id(e2e.customer("alice")), lifetimeSeconds: 600)
            let customer = try await e2e.adminRootClient(credential: token).get("/me")
            #expect(customer.status == 403, "a customer token never reaches admin routes: \(customer.text)")
            let unknown = try await e2e.adminRootClient(credential: "ok_not-a-key").get("/me")
            #expect(unknown.status == 401)
            // An operator key is not an app credential either.
            let onAppRoute = try await e2e.client(credential: viewer.key).get("/customers/\(e2e.customer("alice"))")
            #expect(onAppRoute.status == 403, "\(onAppRoute.text)")
            let me = try await e2e.adminRootClient(credential: viewer.key).get("/me")
            #expect(me.status == 200, "\(me.text)")
            #expect(me.json["operator"]?["name"]?.stringValue == viewer.name)
            #expect(me.json["operator"]?["role"]?.stringValue == "viewer")
        }
    }

    @Test(arguments: E2EBackend.withMemory)
    func eachRoleDoesOnlyWhatItMay(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let viewer = try await e2e.createOperator(.viewer)
            let support = try await e2e.createOperator(.support)
            let admin = try await e2e.createOperator(.admin)
            for (who, key) in [("viewer", viewer.key), ("support", support.key)] {
                let audit = try await e2e.adminClient(credential: key).get("/audit")
                #expect(audit.status == 403, "\(who) reads no audit log: \(audit.text)")
                let create = try await e2e.adminRootClient(credential: key).post(
                    "/operators", ["name": "x-\(e2e.tag)", "role": "admin", "apps": [e2e.stack.app.id], "reason": "escalate"])
                #expect(create.status == 403, "\(who) creates no operator: \(create.text)")
                let list = try await e2e.adminRootClient(credential: key).get("/operators")
                #expect(list.status == 403, "\(who) lists no operators")
            }
            let audit = try await e2e.adminClient(credential: admin.key).get("/audit")
            #expect(audit.status == 200, "\(audit.text)")
            let created = audit.json["events"]?.arrayValue?.filter { $0["kind"]?.stringValue == "operator.created" } ?? []
            #expect(created.count >= 3, "the fixture's operators are in the app's audit log")
        }
    }

    @Test(arguments: E2EBackend.withMemory)
    func anotherAppsOperatorCannotSeeThisApp(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, configure: { $0.additionalApps = [$0.appId + "-b": []] }) { e2e in
            let otherApp = e2e.stack.app.id + "-b"
            let theirs = try await e2e.createOperator(.admin, apps: [otherApp])
            let here = try await e2e.adminClient(credential: theirs.key).get("/audit")
            #expect(here.status == 404, "another app's operator cannot tell this app exists: \(here.text)")
            #expect(here.errorCode == "notFound")
            let there = try await e2e.adminClient(credential: theirs.key, app: otherApp).get("/audit")
            #expect(there.status == 200, "\(there.text)")
            let nowhere = try await e2e.adminClient(credential: theirs.key, app: "no-such-app").get("/audit")
            #expect(nowhere.status == 404)
            // Their operator list shows only operators of their app, and only that app.
            _ = try await e2e.createOperator(.viewer)
            let list = try await e2e.adminRootClient(credential: theirs.key).get("/operators")
            let listed = list.json["operators"]?.arrayValue ?? []
            #expect(listed.map { $0["name"]?.stringValue } == [theirs.name])
            #expect(listed.allSatisfy { $0["apps"]?.arrayValue?.map(\.stringValue) == [otherApp] })
            // Nor can they create an operator for this app.
            let grab = try await e2e.adminRootClient(credential: theirs.key).post(
                "/operators", ["name": "spy-\(e2e.tag)", "role": "viewer", "apps": [e2e.stack.app.id], "reason": "look around"])
            #expect(grab.status == 404, "\(grab.text)")
        }
    }

    /// An operator given several apps is in each app's audit log; each app's admin is shown only
    /// the apps it was given too, never the names of the others.
    @Test(arguments: E2EBackend.withMemory)
    func theAuditLogNamesOnlyTheAppsTheReaderWasGiven(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, configure: { $0.additionalApps = [$0.appId + "-b": [], $0.appId + "-c": []] }) { e2e in
            let app = e2e.stack.app.id
            let (appB, appC) = (app + "-b", app + "-c")
            let everywhere = try await e2e.createOperator(.admin, name: "all-\(e2e.tag)", apps: [app, appB, appC])
            let here = try await e2e.createOperator(.admin, name: "here-\(e2e.tag)", apps: [app])
            let twoApps = try await e2e.createOperator(.admin, name: "two-\(e2e.tag)", apps: [app, appB])
            let created = try await e2e.adminRootClient(credential: everywhere.key).post(
                "/operators", ["name": "spread-\(e2e.tag)", "role": "viewer", "apps": [appC, app, appB], "reason": "new hire"])
            #expect(created.status == 201, "\(created.text)")

            func shownApps(_ key: String, in logOf: String) async throws -> [String?] {
                let log = try await e2e.adminClient(credential: key, app: logOf).get("/audit?kind=operator.created")
                #expect(log.status == 200, "\(log.text)")
                let events = log.json["events"]?.arrayValue ?? []
                return events.filter { $0["subject"]?.stringValue == "operator:spread-\(e2e.tag)" }.map {
                    $0["details"]?["apps"]?.stringValue
                }
            }
            #expect(try await shownApps(here.key, in: app) == [app])
            #expect(try await shownApps(twoApps.key, in: app) == ["\(app),\(appB)"])
            #expect(try await shownApps(twoApps.key, in: appB) == ["\(app),\(appB)"])
            #expect(try await shownApps(everywhere.key, in: appC) == ["\(app),\(appB),\(appC)"])
            let hereLog = try await e2e.adminClient(credential: here.key).get("/audit")
            #expect(!hereLog.text.contains(appB) && !hereLog.text.contains(appC), "no other app's name anywhere: \(hereLog.text)")
        }
    }

    @Test(arguments: E2EBackend.withMemory)
    func adminsCreateAndDisableOperatorsWithAReasonOnRecord(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let admin = try await e2e.createOperator(.admin)
            let root = e2e.adminRootClient(credential: admin.key)
            let name = "carol-\(e2e.tag)"
            let noReason = try await root.post("/operators", ["name": name, "role": "support", "apps": [e2e.stack.app.id], "reason": "  "])
            #expect(noReason.status == 400)
            #expect(noReason.errorCode == "invalidRequest")
            let badName = try await root.post("/operators", ["name": "..", "role": "support", "apps": [e2e.stack.app.id], "reason": "x"])
            #expect(badName.status == 400)
            let created = try await root.post(
                "/operators", ["name": name, "role": "support", "apps": [e2e.stack.app.id], "reason": "new support hire"])
            #expect(created.status == 201, "\(created.text)")
            let key = try #require(created.json["key"]?.stringValue)
            #expect(key.hasPrefix("ok_"))
            let again = try await root.post("/operators", ["name": name, "role": "viewer", "apps": [e2e.stack.app.id], "reason": "twice"])
            #expect(again.status == 409)
            let carol = e2e.adminRootClient(credential: key)
            #expect(try await carol.get("/me").json["operator"]?["role"]?.stringValue == "support")

            let selfDisable = try await root.post("/operators/\(admin.name)/disable", ["reason": "oops"])
            #expect(selfDisable.status == 400)
            let disabled = try await root.post("/operators/\(name)/disable", ["reason": "left the company"])
            #expect(disabled.status == 200, "\(disabled.text)")
            #expect(disabled.json["operator"]?["disabledAt"]?.intValue != nil)
            let afterwards = try await carol.get("/me")
            #expect(afterwards.status == 401, "a disabled key stops working on this instance at once")

            let audit = try await e2e.adminClient(credential: admin.key).get("/audit?operator=\(admin.name)")
            let events = audit.json["events"]?.arrayValue ?? []
            #expect(events.map { $0["kind"]?.stringValue } == ["operator.disabled", "operator.created"])
            #expect(events.map { $0["reason"]?.stringValue } == ["left the company", "new support hire"])
            #expect(events.allSatisfy { $0["operator"]?.stringValue == admin.name && $0["subject"]?.stringValue == "operator:" + name })
        }
    }

    @Test(arguments: E2EBackend.withMemory)
    func theAuditLogPagesNewestFirst(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend) { e2e in
            let admin = try await e2e.createOperator(.admin)
            for index in 0..<5 { _ = try await e2e.createOperator(.viewer, name: "v\(index)-\(e2e.tag)") }
            let client = e2e.adminClient(credential: admin.key)
            var seen: [String] = []
            var path = "/audit?kind=operator.created&limit=2"
            for _ in 0..<10 {
                let page = try await client.get(path)
                #expect(page.status == 200, "\(page.text)")
                seen += (page.json["events"]?.arrayValue ?? []).compactMap { $0["subject"]?.stringValue }
                guard let next = page.json["next"]?.stringValue else { break }
                path = "/audit?kind=operator.created&limit=2&before=\(next)"
            }
            let expected = (0..<5).reversed().map { "operator:v\($0)-\(e2e.tag)" } + ["operator:admin-\(e2e.tag)"]
            #expect(seen == expected)
            let badCursor = try await client.get("/audit?before=nonsense")
            #expect(badCursor.status == 400)
            let badLimit = try await client.get("/audit?limit=0")
            #expect(badLimit.status == 400)
        }
    }
}
