import AppStoreModels
import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// `GET /v1/admin/apps/{app}/customers/{customer}/timeline`: Apple's facts, Storekeeper's changes
/// and operators' actions in time order, paged and filtered, with the signed data one call away.
@Suite struct TimelineTests {
    static func page(_ response: APIResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> AdminTimelinePage {
        try #require(response.status == 200, "\(response.text)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(AdminTimelinePage.self, from: response.body)
    }

    /// Seed 003: "my membership shrank". Jack bought the monthly plan A, and a minute later the
    /// monthly plan B of the same group and level: a same-duration crossgrade, so Apple replaced A
    /// at once and refunded it pro rata, and B runs a month from then. Support answers him from
    /// the timeline alone: A bought (its month), Apple's DID_CHANGE_RENEWAL_PREF / UPGRADE, B bought
    /// (a month from the change), A revoked as upgraded with Apple's refund — Storekeeper's
    /// `subscription.periodRevoked` naming that notification — and his access moved to B's end.
    @Test(arguments: E2EBackend.all)
    func theCrossgradeComplaintIsAnsweredFromTheTimelineAlone(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let jack = e2e.customer("jack")
            let account = try e2e.appleAccount("apple-\(e2e.tag)")
            let orderA = try await e2e.createOrder(jack, product: DemoCatalog.monthly)
            let a = try await e2e.buy(DemoCatalog.monthly, account: account, token: orderA.appAccountToken)
            _ = try await e2e.submit(jack, signedTransaction: a.signedTransaction, orderId: orderA.id)
            try await e2e.simulator.advance(byMilliseconds: 60_000)
            let orderB = try await e2e.createOrder(jack, product: DemoCatalog.monthlyB)
            let b = try await e2e.buy(DemoCatalog.monthlyB, account: account, token: orderB.appAccountToken)
            #expect(b.notificationType == .didChangeRenewalPref && b.subtype == .upgrade)
            _ = try await e2e.submit(jack, signedTransaction: b.signedTransaction, orderId: orderB.id)
            // Storekeeper asks Apple for A's own record (the notification carries B only).
            let outbox = try #require(e2e.stack.builder.backgroundJobs().compactMap { $0 as? OutboxDispatcher }.first)
            _ = try await outbox.runOnce()

            let aId = try #require(a.transaction.transactionId)
            let bId = try #require(b.transaction.transactionId)
            let aExpiry = try #require(a.transaction.expiresDate)
            let bExpiry = try #require(b.transaction.expiresDate)
            let viewer = try await e2e.operatorClient(.viewer)
            let timeline = try Self.page(try await viewer.get("/customers/\(jack)/timeline?limit=200"))
            let entries = timeline.entries
            #expect(timeline.nextCursor == nil)
            #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.at >= $1.at }, "newest first")
            func index(_ predicate: (AdminTimelineEntry) -> Bool) -> Int? { entries.firstIndex(where: predicate) }

            // A: the month he paid for first, replaced by the upgrade and refunded.
            let aIndex = try #require(index { $0.transaction?.transactionId == aId }, "\(entries.map(\.id))")
            let aEntry = try #require(entries[aIndex].transaction)
            #expect(aEntry.productId == DemoCatalog.monthly)
            #expect(aEntry.expiresDate == aExpiry.millisecondsSince1970)
            #expect(aEntry.isUpgraded, "A was replaced by the crossgrade")
            let replacedAt = try #require(aEntry.revocationDate, "Apple's refund of A")
            // Apple's word on the change.
            let noticeIndex = try #require(
                index { $0.notification?.notificationType == "DID_CHANGE_RENEWAL_PREF" && $0.notification?.subtype == "UPGRADE" })
            let notice = try #require(entries[noticeIndex].notification)
            #expect(notice.status == "processed")
            // B: a month from the change, not from A's end.
            let bIndex = try #require(index { $0.transaction?.transactionId == bId })
            let bEntry = try #require(entries[bIndex].transaction)
            #expect(bEntry.productId == DemoCatalog.monthlyB)
            #expect(bEntry.expiresDate == bExpiry.millisecondsSince1970)
            #expect(bExpiry < aExpiry.adding(milliseconds: 2 * 86_400_000), "one month of access, not two")
            #expect(replacedAt <= bEntry.purchaseDate + 1_000)
            // Storekeeper's decision, tied to Apple's notification.
            let revokedIndex = try #require(index { $0.event?.kind == "subscription.periodRevoked" })
            let revoked = try #require(entries[revokedIndex].event)
            #expect(revoked.details["productId"] == DemoCatalog.monthly)
            #expect(revoked.details["transactionId"] == aId)
            #expect(revoked.fact == "notification:" + notice.id)
            #expect(entries[revokedIndex].kind == TimelineKind.change.rawValue)
            // In time: A bought, then the change (Apple's notice, B, our revocation of A).
            #expect(aIndex > noticeIndex && aIndex > bIndex && aIndex > revokedIndex)
            #expect(revokedIndex < noticeIndex, "our decision follows Apple's word")
            // Access: the premium grant now comes from B and ends with it.
            let granted = entries.compactMap(\.event).filter { $0.kind == "entitlement.granted" && $0.subject == "premium" }
            #expect(granted.count >= 2, "\(entries.compactMap(\.event).map(\.kind))")
            #expect(entries.contains { $0.renewalInfo?.autoRenewProductId == DemoCatalog.monthlyB })

            // The signed data behind Apple's facts.
            let rawNotice = try await viewer.get("/customers/\(jack)/timeline/notification:\(notice.id)/raw")
            let noticeBody = try JSONDecoder().decode(AdminTimelineRaw.self, from: rawNotice.body)
            #expect(noticeBody.format == "notificationBody" && noticeBody.origin == "inbox")
            #expect(noticeBody.raw.contains("signedPayload"))
            let rawA = try await viewer.get("/customers/\(jack)/timeline/\(entries[aIndex].id)/raw")
            let signedA = try JSONDecoder().decode(AdminTimelineRaw.self, from: rawA.body)
            #expect(signedA.format == "signedTransaction")
            #expect(signedA.raw.split(separator: ".").count == 3, "a compact JWS")
            let auditRaw = try await viewer.get("/customers/\(jack)/timeline/\(entries[revokedIndex].id)/raw")
            #expect(auditRaw.status == 404, "our own changes carry no signed data")
        }
    }

    @Test(arguments: E2EBackend.all)
    func pagesVisitEveryEntryOnceAndKindsFilter(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let kate = e2e.customer("kate")
            let account = try e2e.appleAccount("apple-\(e2e.tag)")
            for product in [DemoCatalog.monthly, DemoCatalog.gems, DemoCatalog.gems] {
                let order = try await e2e.createOrder(kate, product: product)
                let bought = try await e2e.buy(product, account: account, token: order.appAccountToken)
                _ = try await e2e.submit(kate, signedTransaction: bought.signedTransaction, orderId: order.id)
            }
            let viewer = try await e2e.operatorClient(.viewer)
            let whole = try Self.page(try await viewer.get("/customers/\(kate)/timeline?limit=200")).entries
            #expect(whole.count > 10)
            var paged: [AdminTimelineEntry] = []
            var path = "/customers/\(kate)/timeline?limit=3"
            for _ in 0..<100 {
                let page = try Self.page(try await viewer.get(path))
                paged += page.entries
                guard let next = page.nextCursor else { break }
                path = "/customers/\(kate)/timeline?limit=3&before=\(next)"
            }
            #expect(paged.map(\.id) == whole.map(\.id))

            let facts = try Self.page(try await viewer.get("/customers/\(kate)/timeline?kind=notification,transaction")).entries
            #expect(
                facts.map(\.id)
                    == whole.filter { $0.kind == TimelineKind.notification.rawValue || $0.kind == TimelineKind.transaction.rawValue }.map(
                        \.id))
            #expect(facts.filter { $0.kind == TimelineKind.transaction.rawValue }.count == 3)
            let operatorOnly = try Self.page(try await viewer.get("/customers/\(kate)/timeline?kind=operator")).entries
            #expect(operatorOnly.isEmpty, "no operator acted for kate")

            for bad in ["kind=bogus", "kind=", "before=not-a-cursor", "limit=0", "limit=201"] {
                let refused = try await viewer.get("/customers/\(kate)/timeline?\(bad)")
                #expect(refused.status == 400, "\(bad): \(refused.text)")
                #expect(refused.errorCode == "invalidRequest")
            }
            let serverKey = try await e2e.adminClient(credential: e2e.stack.apiKey).get("/customers/\(kate)/timeline")
            #expect(serverKey.status == 403)
        }
    }

    /// `raw=true` (the CLI's `customer timeline --json --raw`): every notification entry carries
    /// its body as received, and a transaction a stored notification carried its JWS — what the
    /// per-entry `.../raw` answers, in the page. Without it the page carries no raw data.
    @Test(arguments: E2EBackend.all)
    func rawTrueCarriesTheSignedDataInThePage(_ backend: E2EBackend) async throws {
        try await E2E.run(backend) { e2e in
            let lena = e2e.customer("lena")
            let account = try e2e.appleAccount("apple-\(e2e.tag)")
            let order = try await e2e.createOrder(lena, product: DemoCatalog.monthly)
            let bought = try await e2e.buy(DemoCatalog.monthly, account: account, token: order.appAccountToken)
            _ = try await e2e.submit(lena, signedTransaction: bought.signedTransaction, orderId: order.id)
            let viewer = try await e2e.operatorClient(.viewer)

            let plain = try Self.page(try await viewer.get("/customers/\(lena)/timeline?kind=notification,transaction"))
            #expect(!plain.entries.isEmpty)
            #expect(plain.entries.allSatisfy { $0.raw == nil }, "raw data only when asked for")

            let withRaw = try Self.page(try await viewer.get("/customers/\(lena)/timeline?kind=notification,transaction&raw=true"))
            #expect(withRaw.entries.map(\.id) == plain.entries.map(\.id))
            let notifications = withRaw.entries.filter { $0.kind == TimelineKind.notification.rawValue }
            #expect(!notifications.isEmpty, "the purchase's notification reached Storekeeper")
            for entry in withRaw.entries {
                let raw = try #require(entry.raw, "\(entry.id) carries its signed data")
                let alone = try JSONDecoder().decode(
                    AdminTimelineRaw.self, from: try await viewer.get("/customers/\(lena)/timeline/\(entry.id)/raw").body)
                #expect(raw == alone, "\(entry.id): the page carries what the entry's own raw answers")
                #expect(raw.format == (entry.kind == TimelineKind.notification.rawValue ? "notificationBody" : "signedTransaction"))
                #expect(raw.origin == "inbox")
            }
            #expect(notifications.allSatisfy { $0.raw?.raw.contains("signedPayload") == true })

            let refused = try await viewer.get("/customers/\(lena)/timeline?raw=yes")
            #expect(refused.status == 400, "\(refused.text)")
            #expect(refused.errorCode == "invalidRequest")
        }
    }
}
