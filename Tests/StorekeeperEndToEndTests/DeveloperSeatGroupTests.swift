import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperApplication
import StorekeeperLocal
import StorekeeperStore
import Testing

/// A multiseat (group) subscription with developer-hosted invitations, through the simulator, on
/// every backend: the app claims seats for members through Storekeeper (a replayed claim answers
/// the same claim and asks Apple once), associates a member's app transaction, unclaims a seat;
/// Apple's `UNCLAIM_SEATS` revokes exactly the members it names; another app neither sees nor
/// claims on the group; the group's expiry ends every member's access.
@Suite struct DeveloperSeatGroupTests {
    static func hasAccess(_ h: NotificationHarness, _ customer: CustomerID) async throws -> Bool {
        try await h.view(customer).entitlements.contains { $0.productId == DemoCatalog.monthly && $0.isActive }
    }

    /// The account's app transaction identifier, as the member's app reads it from StoreKit.
    static func appTransactionId(_ h: NotificationHarness, account: String) throws -> String {
        let jws = try h.simulator.signedAppTransaction(accountId: account, bundleId: DemoCatalog.bundleId)
        let parts = jws.split(separator: ".")
        try #require(parts.count == 3)
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        let payload = try #require(Data(base64Encoded: base64))
        let object = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        return try #require(object["appTransactionId"] as? String)
    }

    /// `POST /customers/{purchaser}/seats...` on `client`; answers the status and the claim.
    static func seat(
        _ client: StorekeeperClient, _ purchaser: CustomerID, path: String = "", _ body: [String: Any]
    ) async throws -> (status: Int, claim: [String: Any], replayed: Bool?, code: String?) {
        let response = try await client.post("/customers/\(purchaser.rawValue)/seats\(path)", body)
        let json = response.json
        return (
            response.status, json["claim"] as? [String: Any] ?? [:], json["replayed"] as? Bool,
            (json["error"] as? [String: Any])?["code"] as? String
        )
    }

    /// `owner`'s app orders the group product and `account` buys `seats` seats of it with the
    /// order's token (invitations hosted as `invitationManagement` says); the purchase is
    /// submitted. Answers the purchase and the group (its original transaction ID).
    static func buyGroup(
        _ h: NotificationHarness, _ owner: CustomerID, account: String, seats: Int32,
        invitationManagement: InvitationManagement? = .developer
    ) async throws -> (bought: PurchaseResult, group: String) {
        let order = try await h.order(owner, DemoCatalog.monthly)
        let bought = try await h.simulator.purchase(
            PurchaseRequest(
                accountId: account, bundleId: DemoCatalog.bundleId, productId: DemoCatalog.monthly, appAccountToken: order.token,
                seats: seats, invitationManagement: invitationManagement))
        try await h.submit(owner, bought.signedTransaction)
        let group = try #require(bought.transaction.originalTransactionId)
        return (bought, group)
    }

    static func claimSeatCalls(_ h: NotificationHarness) -> Int {
        h.simulator.receivedRequests().filter { $0.endpoint == AppStoreServerEndpoint.claimSeat.rawValue }.count
    }

    @Test(arguments: NotificationBackend.all)
    func theAppSeatsMembersAndTheirAccessFollowsTheGroup(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend, configure: { $0.additionalApps[$0.appId + "-b"] = [] }) { h in
            let owner = h.customer("owner")
            let (ana, ben, cai, dan) = (h.customer("ana"), h.customer("ben"), h.customer("cai"), h.customer("dan"))
            let ownerAccount = try h.account("apple-owner")
            let anaAccount = try h.account("apple-ana")

            // The purchaser buys 4 seats whose invitations the app hosts: they hold one, three are free.
            let (bought, group) = try await Self.buyGroup(h, owner, account: ownerAccount, seats: 4)
            #expect(bought.transaction.multiSeatInfo?.invitationManagement == .developer)
            #expect(try await Self.hasAccess(h, owner))

            // A claim for Ana; the same request identifier again answers the same claim, and Apple was asked once.
            let first = UUID().uuidString.lowercased()
            let claimAna: [String: Any] = ["originalTransactionId": group, "memberCustomerId": ana.rawValue, "requestIdentifier": first]
            let claimed = try await Self.seat(h.client, owner, claimAna.merging(["reason": "invited by the owner"]) { $1 })
            #expect(claimed.status == 201, "\(claimed)")
            #expect(claimed.claim["state"] as? String == "claimed")
            let anaSeat = try #require(claimed.claim["seatClaimId"] as? String)
            let replayed = try await Self.seat(h.client, owner, claimAna)
            #expect(replayed.status == 200 && replayed.replayed == true)
            #expect(replayed.claim["seatClaimId"] as? String == anaSeat)
            #expect(Self.claimSeatCalls(h) == 1, "a replayed claim does not ask Apple again")
            #expect(try await Self.hasAccess(h, ana), "a seated member has the group's access")

            // Ben and Cai take the other seats; Dan finds none free.
            var seats: [CustomerID: String] = [ana: anaSeat]
            for member in [ben, cai] {
                let answer = try await Self.seat(
                    h.client, owner,
                    ["originalTransactionId": group, "memberCustomerId": member.rawValue, "requestIdentifier": UUID().uuidString])
                #expect(answer.status == 201, "\(answer)")
                seats[member] = try #require(answer.claim["seatClaimId"] as? String)
            }
            let full = try await Self.seat(
                h.client, owner, ["originalTransactionId": group, "memberCustomerId": dan.rawValue, "requestIdentifier": UUID().uuidString])
            #expect(full.status == 409 && full.code == "noSeatAvailable", "\(full)")
            let again = try await Self.seat(
                h.client, owner, ["originalTransactionId": group, "memberCustomerId": ben.rawValue, "requestIdentifier": UUID().uuidString])
            #expect(again.status == 409 && again.code == "seatAlreadyHeld", "\(again)")
            let apple = try #require(h.simulator.subscription(originalTransactionId: group)?.seatGroup)
            #expect(Set(apple.claims.map { $0.seatClaimId.uuidString.lowercased() }) == Set(seats.values))

            // Ana's app transaction is associated with her seat, at Apple and in the ledger.
            let anaApp = try Self.appTransactionId(h, account: anaAccount)
            let associated = try await Self.seat(
                h.client, owner, path: "/\(anaSeat)/associate", ["originalTransactionId": group, "appTransactionId": anaApp])
            #expect(associated.status == 200 && associated.claim["appTransactionId"] as? String == anaApp, "\(associated)")
            #expect(
                h.simulator.subscription(originalTransactionId: group)?.seatGroup?.claims.first {
                    $0.seatClaimId.uuidString.lowercased() == anaSeat
                }?.appTransactionId == anaApp)

            // The app unclaims Ben's seat: his access ends, the others keep theirs.
            let benSeat = try #require(seats[ben])
            let unclaimed = try await Self.seat(
                h.client, owner, path: "/\(benSeat)/unclaim", ["originalTransactionId": group, "reason": "left the team"])
            #expect(unclaimed.status == 200 && unclaimed.claim["state"] as? String == "unclaimed", "\(unclaimed)")
            #expect(unclaimed.claim["releasedBy"] as? String == "app")
            #expect(try await Self.seat(h.client, owner, path: "/\(benSeat)/unclaim", ["originalTransactionId": group]).replayed == true)
            #expect(try await !Self.hasAccess(h, ben), "an unclaimed member loses access")
            #expect(try await Self.hasAccess(h, ana))
            #expect(try await Self.hasAccess(h, cai))

            // Apple unclaims Cai's seat (UNCLAIM_SEATS): exactly Cai loses access.
            let caiSeat = try #require(seats[cai])
            _ = try await h.simulator.unclaimSeats(originalTransactionId: group, seatClaimIds: [try #require(UUID(uuidString: caiSeat))])
            try await h.runInbox()
            try await h.expectProcessed(.unclaimSeats, nil)
            #expect(try await !Self.hasAccess(h, cai), "the member Apple unclaimed loses access")
            #expect(try await Self.hasAccess(h, ana), "the others keep theirs")
            #expect(try await Self.hasAccess(h, owner))
            let caiClaims = try await h.store.read { try await $0.seatClaims(memberId: cai) }
            #expect(caiClaims.map(\.state) == [.unclaimed] && caiClaims.first?.releasedBy == .apple)
            #expect(try await h.store.read { try await $0.seatClaims(memberId: ana) }.map(\.state) == [.claimed])

            // Support sees the group: purchaser, seats, the member seated now, every claim with its state.
            let viewer = try await h.adminClient()
            let view = try await viewer.get("/groups/\(group)")
            #expect(view.status == 200, "\(view.text)")
            let record = view.json
            #expect(record["purchaserCustomerId"] as? String == owner.rawValue)
            #expect(record["invitationManagement"] as? String == "DEVELOPER")
            #expect(record["totalSeats"] as? Int == 4 && record["availableSeats"] as? Int == 2 && record["active"] as? Bool == true)
            let members = (record["members"] as? [[String: Any]] ?? []).map { $0["customerId"] as? String }
            #expect(members == [ana.rawValue], "\(record)")
            let states = (record["claims"] as? [[String: Any]] ?? []).compactMap { claim -> String? in
                guard let member = claim["memberCustomerId"] as? String, let state = claim["state"] as? String else { return nil }
                return "\(member):\(state):\(claim["releasedBy"] as? String ?? "-")"
            }
            #expect(
                Set(states)
                    == [
                        "\(ana.rawValue):claimed:-", "\(ben.rawValue):unclaimed:app", "\(cai.rawValue):unclaimed:apple",
                    ])
            let anaGroups = try await viewer.get("/customers/\(ana.rawValue)/groups").json["groups"] as? [[String: Any]] ?? []
            #expect(
                anaGroups.map { "\($0["role"] ?? ""):\($0["state"] ?? ""):\($0["originalTransactionId"] ?? "")" } == [
                    "member:claimed:\(group)"
                ])
            let ownerGroups = try await viewer.get("/customers/\(owner.rawValue)/groups").json["groups"] as? [[String: Any]] ?? []
            #expect(ownerGroups.map { $0["role"] as? String } == ["purchaser"])

            // Every claim and unclaim is on the purchaser's and the member's timelines.
            let ownerKinds = try await h.audit(owner).filter { $0.kind.hasPrefix("seat.") }.map(\.kind)
            #expect(ownerKinds.filter { $0 == "seat.claimed" }.count == 3 && ownerKinds.filter { $0 == "seat.unclaimed" }.count == 2)
            #expect(ownerKinds.contains("seat.associated"))
            let caiEvents = try await h.audit(cai).filter { $0.kind.hasPrefix("seat.") }
            #expect(
                caiEvents.map(\.kind) == ["seat.claimed", "seat.unclaimed"] || caiEvents.map(\.kind) == ["seat.unclaimed", "seat.claimed"])
            #expect(caiEvents.first { $0.kind == "seat.unclaimed" }?.actor == .apple)

            // Another app neither sees nor claims on this group.
            let otherId = h.stack.app.id + "-b"
            let other = StorekeeperClient(
                baseURL: h.stack.storekeeperURL + "/v1/apps/" + otherId, credential: try #require(h.stack.apiKey(forApp: otherId)))
            let foreign = try await Self.seat(
                other, owner, ["originalTransactionId": group, "memberCustomerId": dan.rawValue, "requestIdentifier": UUID().uuidString])
            #expect(foreign.status == 404, "\(foreign)")
            let foreignReplay = try await Self.seat(other, owner, claimAna)
            #expect(foreignReplay.status == 404, "another app cannot replay this app's claim: \(foreignReplay)")
            #expect(try await Self.seat(other, owner, path: "/\(anaSeat)/unclaim", ["originalTransactionId": group]).status == 404)
            #expect(try await h.adminClient(app: otherId).get("/groups/\(group)").status == 404)

            // The purchaser turns auto-renew off: at the period's end every member's access ends.
            try await h.simulator.setAutoRenew(originalTransactionId: group, enabled: false)
            let endsAt = try #require(h.simulator.subscription(originalTransactionId: group)).expiresDate
            try await h.simulator.advance(byMilliseconds: endsAt.millisecondsSince1970 - h.now.millisecondsSince1970 + Span.hour)
            try await h.runInbox()
            for customer in [owner, ana, ben, cai] {
                #expect(try await !Self.hasAccess(h, customer), "\(customer) has no access once the group expired")
            }
        }
    }
    /// A guest holding a seat logs in: the seat follows it into the account (the merge moves the
    /// claim), so the account has the group's access and the merged guest no longer does.
    @Test(arguments: NotificationBackend.all)
    func aSeatFollowsItsGuestIntoTheAccount(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let owner = h.customer("owner")
            let guest = h.customer("guest:tablet")
            let ana = h.customer("ana")
            let group = try await Self.buyGroup(h, owner, account: try h.account("apple-owner"), seats: 2).group
            let claimed = try await Self.seat(
                h.client, owner,
                ["originalTransactionId": group, "memberCustomerId": guest.rawValue, "requestIdentifier": UUID().uuidString])
            #expect(claimed.status == 201, "\(claimed)")
            #expect(try await Self.hasAccess(h, guest))
            #expect(try await !Self.hasAccess(h, ana))

            let merged = try await h.client.post("/customers/\(ana.rawValue)/aliases", ["alias": guest.rawValue])
            #expect(merged.status == 200, "\(merged.text)")
            #expect(try await Self.hasAccess(h, ana), "the seat's access follows the guest into the account")
            let guestGrants = try await h.store.read { try await $0.grants(customerId: guest) }
            #expect(guestGrants.isEmpty, "the merged guest keeps no seat grant: \(guestGrants)")
            let claims = try await h.store.read {
                try await $0.seatClaims(group: PurchaseKey(environment: .sandbox, originalTransactionId: group))
            }
            #expect(claims.map(\.memberId) == [ana])
            let trail = try await h.store.read { try await $0.auditEvents(customerId: ana, limit: 50) }
            #expect(trail.contains { $0.kind == "customer.merged" && $0.details["seatClaimsMoved"] == "1" }, "\(trail.map(\.kind))")
        }
    }

    @Test(arguments: NotificationBackend.all)
    func aClaimWhoseAnswerWasLostIsFinishedWithItsRequestIdentifier(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let owner = h.customer("owner")
            let ana = h.customer("ana")
            let group = try await Self.buyGroup(h, owner, account: try h.account("apple-owner"), seats: 3).group

            // Storekeeper saved the pending claim and Apple claimed the seat, then the process
            // died before recording Apple's answer.
            let request = UUID()
            let runtime = try #require(try h.job(InboxProcessor.self).notifications[h.stack.app.id]).runtime
            let lost = try await AppleSide.client(runtime, .sandbox).claimSeat(
                transactionId: group, request: ClaimSeatRequest(requestIdentifier: request))
            try await h.store.write { tx in
                try await tx.insertSeatClaim(
                    SeatClaim(
                        group: PurchaseKey(environment: .sandbox, originalTransactionId: group), requestIdentifier: request,
                        memberId: ana, claimedAt: h.now))
            }
            #expect(try await !Self.hasAccess(h, ana), "a pending claim gives no access")

            // The app retries with the same request identifier: Apple answers the same claim.
            let finished = try await Self.seat(
                h.client, owner,
                ["originalTransactionId": group, "memberCustomerId": ana.rawValue, "requestIdentifier": request.uuidString])
            #expect(finished.status == 201 && finished.claim["state"] as? String == "claimed", "\(finished)")
            #expect(finished.claim["seatClaimId"] as? String == lost.seatClaimId?.uuidString.lowercased())
            #expect(h.simulator.subscription(originalTransactionId: group)?.seatGroup?.claims.count == 1, "one seat, not two")
            #expect(Self.claimSeatCalls(h) == 2)
            #expect(try await Self.hasAccess(h, ana))
        }
    }
    @Test(arguments: NotificationBackend.all)
    func supportSeesTheCustomersOfAnAppleHostedGroup(_ backend: NotificationBackend) async throws {
        try await NotificationHarness.run(backend) { h in
            let owner = h.customer("owner")
            let ana = h.customer("ana")
            let group = try await Self.buyGroup(h, owner, account: try h.account("apple-owner"), seats: 3, invitationManagement: nil).group
            let assigned = try await h.simulator.joinGroup(originalTransactionId: group, member: try h.account("apple-ana"))
            try await h.submit(ana, try h.simulator.signedTransaction(id: assigned))
            try await h.runInbox()

            let record = try await h.adminClient().get("/groups/\(group)")
            #expect(record.status == 200, "\(record.text)")
            #expect(record.json["invitationManagement"] as? String == "APPLE")
            let members = record.json["members"] as? [[String: Any]] ?? []
            #expect(members.map { "\($0["customerId"] ?? ""):\($0["via"] ?? "")" } == ["\(ana.rawValue):assigned"], "\(record.text)")
            #expect(record.json["availableSeats"] as? Int == 1 && record.json["membersUnknown"] == nil)
            let anaGroups = try await h.adminClient().get("/customers/\(ana.rawValue)/groups").json["groups"] as? [[String: Any]] ?? []
            #expect(anaGroups.map { "\($0["role"] ?? ""):\($0["state"] ?? "")" } == ["member:assigned"])
        }
    }
}
