import ArgumentParser
import Foundation
import StorekeeperAPIModels

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
        // Digits go as a number (seconds, or milliseconds for --until), anything else as text.
        let fields = GrantActionRequest(
            entitlement: entitlement, productId: product,
            duration: duration.map { text in Int64(text).map(GrantDurationValue.seconds) ?? .iso8601(text) },
            until: until.map { text in Int64(text).map(GrantUntilValue.milliseconds) ?? .text(text) })
        try await ActionRunner.run(
            admin, action, path: "/customers/\(AdminClient.pathSegment(customer))/grants", fields: fields,
            result: GrantActionResponse.self, render: GrantCommand.render)
    }

    /// The answer to `grant` and `revoke`, for people.
    static func render(_ result: GrantActionResponse) -> String {
        let grant = result.grant
        var table = TextTable(["GRANT", "CUSTOMER", "ENTITLEMENT", "FROM", "ENDS", "BY", "REVOKED BY"])
        table.append([
            grant.id.uuidString, grant.customerId, grant.entitlement, ActionRunner.time(grant.startsAt), ActionRunner.time(grant.endsAt),
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
            fields: RevokeGrantActionRequest(), result: GrantActionResponse.self, render: GrantCommand.render)
    }
}
