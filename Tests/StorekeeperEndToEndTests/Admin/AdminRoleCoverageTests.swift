import AppStoreModels
import Foundation
import NIOHTTP1
import Storekeeper
import StorekeeperLocal
import Testing

/// Every admin operation the served OpenAPI document lists, checked against the server: it
/// names its role (`x-storekeeper-role`) and the operator-key scheme, documents 401 and 403, and
/// the server enforces exactly that role — the role below it gets 403, the role itself gets past
/// the gate — while server keys get 403 and another app's operator 404 on every one. New admin
/// routes are covered by being documented.
@Suite struct AdminRoleCoverageTests {
    struct Operation: CustomStringConvertible {
        let method: String
        let template: String
        let role: OperatorRole
        var description: String { "\(method.uppercased()) \(template) (\(role.rawValue))" }
    }

    static func adminOperations(_ document: JSONValue) -> (operations: [Operation], problems: [String]) {
        var operations: [Operation] = []
        var problems: [String] = []
        for (template, item) in (document["paths"]?.objectValue ?? [:]) where template.hasPrefix("/v1/admin") {
            for (method, operation) in item.objectValue ?? [:] where ["get", "post", "put", "delete", "patch"].contains(method) {
                let name = "\(method.uppercased()) \(template)"
                guard let raw = operation["x-storekeeper-role"]?.stringValue, let role = OperatorRole(rawValue: raw) else {
                    problems.append("\(name): no x-storekeeper-role")
                    continue
                }
                let schemes = operation["security"]?.arrayValue?.compactMap { $0.objectValue?.keys.first } ?? []
                if schemes != ["operatorKey"] { problems.append("\(name): security is \(schemes), not [operatorKey]") }
                for status in ["401", "403"] where operation["responses"]?[status] == nil {
                    problems.append("\(name): \(status) not documented")
                }
                if template.contains("{app}"), operation["responses"]?["404"] == nil {
                    problems.append("\(name): 404 (another app) not documented")
                }
                operations.append(Operation(method: method, template: template, role: role))
            }
        }
        return (operations.sorted { ($0.template, $0.method) < ($1.template, $1.method) }, problems)
    }

    /// The template with `{app}` as `app` and any other parameter as a placeholder of its kind.
    static func path(_ template: String, app: String) -> String {
        template.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard segment.hasPrefix("{") else { return String(segment) }
            if segment == "{app}" { return app }
            return "00000000-0000-0000-0000-000000000000"
        }.joined(separator: "/")
    }

    @Test(arguments: E2EBackend.withMemory)
    func everyAdminOperationIsDocumentedWithItsRoleAndEnforcesIt(_ backend: E2EBackend) async throws {
        try await E2E.routes(backend, configure: { $0.additionalApps = [$0.appId + "-b": []] }) { e2e in
            let (operations, problems) = Self.adminOperations(e2e.contract.document)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
            #expect(operations.count >= 5, "the admin API is in the document")
            var keys: [OperatorRole: String] = [:]
            for role in OperatorRole.allCases { keys[role] = try await e2e.createOperator(role).key }
            let stranger = try await e2e.createOperator(.admin, name: "stranger-\(e2e.tag)", apps: [e2e.stack.app.id + "-b"]).key
            for operation in operations {
                let method = HTTPMethod(rawValue: operation.method.uppercased())
                let path = Self.path(operation.template, app: e2e.stack.app.id)
                let body: Data? = method == .GET ? nil : Data("{}".utf8)
                func status(_ credential: String) async throws -> Int {
                    try await e2e.root.send(method, path, body: body, credential: credential).status
                }
                if let below = OperatorRole.allCases.last(where: { $0 < operation.role }), let key = keys[below] {
                    #expect(try await status(key) == 403, "\(operation): a \(below.rawValue) is refused")
                }
                let allowed = try await status(keys[operation.role] ?? "")
                #expect(allowed != 403 && allowed != 401, "\(operation): a \(operation.role.rawValue) gets past the gate (got \(allowed))")
                #expect(try await status(e2e.stack.apiKey) == 403, "\(operation): a server key is refused")
                #expect(try await status("") == 401, "\(operation): no credential is 401")
                if operation.template.contains("{app}") {
                    #expect(try await status(stranger) == 404, "\(operation): another app's operator sees nothing")
                }
            }
        }
    }
}
