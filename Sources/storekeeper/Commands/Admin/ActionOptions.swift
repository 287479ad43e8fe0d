import ArgumentParser
import Foundation
import StorekeeperAPIModels

/// What every operator action command sends besides its own fields: why, and the idempotency
/// key that makes a retry of the same command a replay (nothing done twice).
struct ActionOptions: ParsableArguments {
    @Option(help: "Why (required): kept with the action in the audit log.")
    var reason: String

    @Option(
        name: .customLong("idempotency-key"),
        help: "The action's idempotency key (default: a new one, printed; pass it again to retry safely).")
    var idempotencyKey: String?
}

/// Posts an operator action and prints its answer: the API's JSON with `--json`, else a summary
/// for people (with the idempotency key used, so a retry can reuse it).
enum ActionRunner {
    static func run<Fields: Codable & Sendable, Result: Codable & Sendable>(
        _ admin: AdminOptions, _ action: ActionOptions, path: String, fields: Fields, result: Result.Type,
        render: (Result) -> String
    ) async throws {
        let key = action.idempotencyKey ?? UUID().lowercasedString
        let body = AdminActionRequest(fields: fields, reason: action.reason, idempotencyKey: key)
        // A refusal (`AdminClient.Failure`) is printed as `Error: <status> <code>: <message>`, exit 1.
        let data = try await admin.client().post(try admin.appPath(path), body)
        if admin.json {
            print(AdminClient.prettyJSON(data))
            return
        }
        let answer = try JSONDecoder().decode(AdminActionResponse<Result>.self, from: data)
        print(render(answer.result), terminator: "")
        print(
            answer.replayed ? "replayed: an earlier request under key \(key) answered; nothing was done again" : "idempotency key: \(key)")
    }

    /// Milliseconds since 1970 as an ISO 8601 instant, for people.
    static func time(_ milliseconds: Int64?) -> String {
        guard let milliseconds else { return "" }
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }

    /// A customer's entitlements as a table.
    static func entitlements(_ entitlements: [CustomerBody.Entitlement]) -> String {
        var table = TextTable(["ENTITLEMENT", "ACTIVE", "EXPIRES", "PRODUCT", "SOURCE"])
        for entitlement in entitlements {
            table.append([
                entitlement.id, entitlement.isActive ? "yes" : "no", time(entitlement.expiresAt), entitlement.productId,
                entitlement.source,
            ])
        }
        return table.text
    }
}
