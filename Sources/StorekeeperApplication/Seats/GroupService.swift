import AppStoreAPI
package import AppStoreModels
import Foundation
package import Storekeeper
import StorekeeperStore

/// What support sees of group subscriptions (multiseat purchases): one group with its purchaser,
/// seats, members and seat claims, and the groups one customer buys or belongs to.
///
/// Apple-hosted members have transactions of their own that name no group, so who they are is
/// asked of Apple (Get Customer Groups, then Get Group Members) and their app transaction IDs
/// are matched to the app's customers; Apple serves those endpoints in the sandbox only, so for
/// a production group the view says members are unknown rather than guessing.
package struct GroupService: Sendable {
    /// The seat ledger's use cases, whose store, Apple clients and clock these views read.
    package let seats: SeatService

    package init(seats: SeatService) {
        self.seats = seats
    }

    private var store: any PurchaseStore { seats.store }
    private var recorder: SeatRecorder { seats.recorder }
    private var now: any WallClock { seats.now }

    /// One member of a group and how they hold their seat.
    package struct Member: Sendable, Hashable {
        package var customerId: CustomerID
        /// `claim` (developer-hosted) or `assigned` (Apple-hosted).
        package var via: String
        package var appTransactionId: String?
    }

    package struct Group: Sendable {
        package var seats: GroupSeats
        package var purchaser: CustomerID
        package var isActive: Bool
        package var availableSeats: Int
        package var claims: [SeatClaim]
        package var members: [Member]
        /// Why Apple-hosted members could not be listed, when they could not.
        package var membersUnknown: String?
    }

    /// A group a customer buys (`purchaser`) or holds a seat of (`member`).
    package struct Membership: Sendable, Hashable {
        package var group: PurchaseKey
        package var productId: String
        package var role: String
        /// For a member: the claim's state (`claimed`, `unclaimed`, `pending`) or `assigned`.
        package var state: String
    }

    /// The group `originalTransactionId` of this app (in `environment`, or whichever the app
    /// serves holds it): not found when no customer of the app owns it.
    package func group(
        originalTransactionId: String, environment: AppStoreEnvironment?, owns: @Sendable (CustomerID) -> Bool
    ) async throws -> Group {
        let at = now()
        let environments = environment.map { [$0] } ?? recorder.app.environments.sorted { $0.rawValue < $1.rawValue }
        let (loaded, claims) = try await store.read { reader -> (SeatRecorder.LoadedGroup, [SeatClaim]) in
            for environment in environments {
                guard let owner = try await reader.owner(environment: environment, originalTransactionId: originalTransactionId),
                    owns(owner)
                else { continue }
                let group = try await recorder.group(
                    of: owner, originalTransactionId: originalTransactionId, environment: environment, now: at, in: reader)
                return (group, try await reader.seatClaims(group: group.seats.group))
            }
            throw StorekeeperError.notFound("no group subscription \(originalTransactionId)")
        }
        var group = Group(
            seats: loaded.seats, purchaser: loaded.purchaser, isActive: loaded.isActive,
            availableSeats: loaded.seats.availableSeats(claims: claims), claims: claims,
            members: claims.filter { $0.state == .claimed }.map {
                Member(customerId: $0.memberId, via: "claim", appTransactionId: $0.appTransactionId)
            })
        if loaded.seats.invitationManagement != .developer {
            do {
                group.members = try await assignedMembers(of: loaded, owns: owns)
                group.availableSeats = max(0, loaded.seats.totalSeats - 1 - group.members.count)
            } catch let error as StorekeeperError {
                group.membersUnknown = "Apple could not list the members: \(error.message)"
            }
        }
        return group
    }

    /// The groups `customer` buys (their multiseat subscriptions) or sits in (seat claims, and
    /// Apple-hosted seats of their own `ASSIGNED` subscriptions).
    package func memberships(of customer: CustomerID) async throws -> [Membership] {
        try await store.read { reader in
            var found: [Membership] = []
            for subscription in try await reader.subscriptions(customerId: customer) {
                let transactions = try await reader.transactions(
                    environment: subscription.environment, originalTransactionId: subscription.originalTransactionId
                ).map(\.transaction)
                let key = PurchaseKey(subscription)
                if GroupSeats(transactions: transactions) != nil {
                    found.append(Membership(group: key, productId: subscription.productId, role: "purchaser", state: subscription.phase))
                } else if transactions.contains(where: { $0.ownership == .assigned }) {
                    found.append(Membership(group: key, productId: subscription.productId, role: "member", state: "assigned"))
                }
            }
            for claim in try await reader.seatClaims(memberId: customer) {
                let productId = try await reader.subscription(
                    environment: claim.group.environment, originalTransactionId: claim.group.originalTransactionId)?.productId
                found.append(Membership(group: claim.group, productId: productId ?? "", role: "member", state: claim.state.rawValue))
            }
            return found
        }
    }

    /// Apple-hosted members: the groups Apple lists for the purchaser, their members' app
    /// transaction IDs, and the app's customers holding an `ASSIGNED` transaction of the group's
    /// product under each.
    private func assignedMembers(of group: SeatRecorder.LoadedGroup, owns: @Sendable (CustomerID) -> Bool) async throws -> [Member] {
        let client = try seats.apple(group.seats.group.environment)
        var appTransactionIds: [String] = []
        do {
            let groups = try await client.getCustomerGroups(transactionId: group.seats.group.originalTransactionId)
            for groupId in (groups.groups ?? []).compactMap(\.groupId) {
                var token: String?
                repeat {
                    let page = try await client.getGroupMembers(groupId: groupId, limit: 100, paginationToken: token)
                    appTransactionIds += (page.members ?? []).compactMap(\.appTransactionId)
                    token = page.hasMore == true ? page.paginationToken : nil
                } while token != nil
            }
        } catch {
            throw AppleSide.error(error)
        }
        let space = recorder.app.customerSpace
        let environment = group.seats.group.environment
        return try await store.read { reader in
            var members: [Member] = []
            for id in Set(appTransactionIds).sorted() {
                guard let query = SearchQuery(id, in: space) else { continue }
                let matches = try await reader.searchMatches(query, environments: [environment], limit: 100)
                for match in matches where match.kind == .appTransaction && match.customerId != group.purchaser && owns(match.customerId) {
                    let assigned = try await reader.transactions(customerId: match.customerId, limit: 1_000).contains {
                        $0.transaction.ownership == .assigned && $0.transaction.productId == group.seats.productId
                            && $0.transaction.environment == environment
                    }
                    if assigned, !members.contains(where: { $0.customerId == match.customerId }) {
                        members.append(Member(customerId: match.customerId, via: "assigned", appTransactionId: id))
                    }
                }
            }
            return members.sorted { $0.customerId < $1.customerId }
        }
    }
}
