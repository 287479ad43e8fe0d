import ArgumentParser
import Foundation

/// `storekeeper grant <customer> <entitlement> --for P7D | --until <date> --reason ...`: an
/// operator's grant, distinct from Apple's, that ends by itself.
struct GrantCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grant", abstract: "Grant a customer an entitlement by hand, for a duration or until a date.")

    @OptionGroup var admin: AdminOptions
    @OptionGroup var action: ActionOptions

    @Argument(help: "The customer id.")
    var customer: String

    @Argument(help: "The entitlement (one a product of the app grants).")
    var entitlement: String

    @Option(name: .customLong("for"), help: "How long: ISO 8601 (P7D, P1M, PT12H) or seconds.")
    var duration: String?

    @Option(help: "Until when: RFC 3339 (2026-12-01T00:00:00Z) or milliseconds since 1970.")
    var until: String?

    @Option(help: "The product the grant stands for (default: the first granting the entitlement).")
    var product: String?

    func validate() throws {
        guard (duration == nil) != (until == nil) else { throw ValidationError("give exactly one of --for and --until") }
    }

    func run() async throws {
        let fields = Fields(
            entitlement: entitlement, productId: product, duration: duration.map(Value.init), until: until.map(Value.init))
        try await ActionRunner.run(
            admin, action, path: "/customers/\(AdminClient.pathSegment(customer))/grants", fields: fields,
            result: GrantResult.self, render: GrantResult.render)
    }

    struct Fields: Encodable {
        let entitlement: String
        let productId: String?
        let duration: Value?
        let until: Value?
    }

    /// Digits go as a number (seconds, or milliseconds for --until), anything else as text.
    struct Value: Encodable {
        let text: String
        init(_ text: String) { self.text = text }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            if let number = Int64(text) { try container.encode(number) } else { try container.encode(text) }
        }
    }
}

/// The answer to `grant` and `revoke`.
struct GrantResult: Decodable {
    struct Grant: Decodable {
        let id: String
        let customerId: String
        let entitlement: String
        let productId: String
        let startsAt: Int64
        let expiresAt: Int64
        let endsAt: Int64
        let isActive: Bool
        let grantedBy: String
        let reason: String
        let revokedAt: Int64?
        let revokedBy: String?
    }
    let grant: Grant
    let entitlements: [ActionRunner.Entitlement]

    static func render(_ result: GrantResult) -> String {
        let grant = result.grant
        var table = TextTable(["GRANT", "CUSTOMER", "ENTITLEMENT", "FROM", "ENDS", "BY", "REVOKED BY"])
        table.append([
            grant.id, grant.customerId, grant.entitlement, ActionRunner.time(grant.startsAt), ActionRunner.time(grant.endsAt),
            grant.grantedBy, grant.revokedBy ?? "",
        ])
        return table.text + "\n" + ActionRunner.entitlements(result.entitlements)
    }
}

/// `storekeeper revoke <customer> <grant> --reason ...`: ends an operator's grant now.
struct RevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke an operator's grant early.")

    @OptionGroup var admin: AdminOptions
    @OptionGroup var action: ActionOptions

    @Argument(help: "The customer id.")
    var customer: String

    @Argument(help: "The grant's id (from `grant` or the customer's record).")
    var grant: String

    func run() async throws {
        try await ActionRunner.run(
            admin, action,
            path: "/customers/\(AdminClient.pathSegment(customer))/grants/\(AdminClient.pathSegment(grant))/revoke",
            fields: [String: String](), result: GrantResult.self, render: GrantResult.render)
    }
}
