import ArgumentParser
import Foundation
import StorekeeperAPIModels

/// `storekeeper group show|customer`: a group subscription (multiseat purchase) and the groups a
/// customer buys or sits in, through a running server's admin API (viewer role).
struct GroupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group", abstract: "Read group subscriptions: seats, members and seat claims (admin API, viewer role).",
        subcommands: [Show.self, Customer.self])

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "A group: purchaser, seats, members and every seat claim with its state.")

        @OptionGroup var admin: AdminOptions

        @Argument(help: "The purchaser's original transaction ID.")
        var originalTransactionId: String

        @Option(help: "Production or Sandbox (default: whichever the app serves holds the ID).")
        var environment: String?

        func run() async throws {
            let path = try admin.appPath("/groups/" + AdminClient.pathSegment(originalTransactionId))
            let data = try await admin.client().get(path, query: ["environment": environment])
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            print(GroupTables.group(try JSONDecoder().decode(AdminGroup.self, from: data)), terminator: "")
        }
    }

    struct Customer: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "customer", abstract: "The groups a customer buys or holds a seat of.")

        @OptionGroup var admin: AdminOptions

        @Argument(help: "The customer ID.")
        var customer: String

        func run() async throws {
            let path = try admin.appPath("/customers/" + AdminClient.pathSegment(customer) + "/groups")
            let data = try await admin.client().get(path)
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            print(GroupTables.memberships(try JSONDecoder().decode(AdminGroupMemberships.self, from: data)), terminator: "")
        }
    }
}

/// How `storekeeper group ...` prints the admin API's answers for people.
enum GroupTables {
    static func group(_ group: AdminGroup) -> String {
        let shown = CustomerTables.shown
        var out = "group \(shown(group.originalTransactionId)) (\(shown(group.environment))) · \(shown(group.productId))\n"
        out += "purchaser: \(shown(group.purchaserCustomerId))\n"
        out += "invitations: \(shown(group.invitationManagement)) · \(group.active ? "active" : "inactive")\n"
        out += "seats: \(group.totalSeats) (\(group.availableSeats) free)\n"
        if let unknown = group.membersUnknown { out += "members: unknown: \(shown(unknown))\n" }
        var members = TextTable(["MEMBER", "VIA", "APP TRANSACTION"])
        for member in group.members { members.append([member.customerId, member.via, member.appTransactionId ?? ""]) }
        out += "\nmembers:" + (members.rows.isEmpty ? " none\n" : "\n" + members.text)
        var claims = TextTable(["MEMBER", "STATE", "BY", "SEAT CLAIM", "REQUEST", "CLAIMED", "RELEASED", "REASON"])
        for claim in group.claims {
            claims.append([
                claim.memberCustomerId, claim.state, claim.releasedBy ?? "", claim.seatClaimId ?? "", claim.requestIdentifier,
                CustomerTables.date(claim.claimedAt), claim.releasedAt.map(CustomerTables.date) ?? "", claim.reason ?? "",
            ])
        }
        out += "\nseat claims:" + (claims.rows.isEmpty ? " none\n" : "\n" + claims.text)
        return out
    }

    static func memberships(_ memberships: AdminGroupMemberships) -> String {
        guard !memberships.groups.isEmpty else { return "no groups\n" }
        var table = TextTable(["GROUP", "ENVIRONMENT", "PRODUCT", "ROLE", "STATE"])
        for group in memberships.groups {
            table.append([group.originalTransactionId, group.environment, group.productId, group.role, group.state])
        }
        return table.text
    }
}
