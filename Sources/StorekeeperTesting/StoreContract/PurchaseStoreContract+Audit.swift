import AppStoreModels
import Foundation
import Storekeeper
import Testing

extension PurchaseStoreContract {
    static let auditCases: [StoreContractCase] = [
        StoreContractCase("audit: events by customer (newest first) and by subject; a replayed event is kept once") { context throws in
            let store = context.store
            let alice = StoreFixtures.customerID("alice")
            func event(_ kind: String, at offset: Int64, customer: CustomerID? = alice, subject: String? = "Production:t1") -> AuditEvent {
                AuditEvent(
                    customerId: customer, kind: kind, actor: .job("recovery"), subject: subject, fact: "transaction:Production:t1",
                    details: ["product": "coins.100", "note": "ünïcödé \"quoted\" / slash"], createdAt: StoreFixtures.at(offset))
            }
            let recorded = event("purchase.recorded", at: 1)
            let credited = event("wallet.credited", at: 2)
            let sameInstant = event("entitlement.granted", at: 2)
            let system = AuditEvent(
                customerId: nil, kind: "ownership.checked", actor: AuditActor(rawValue: "future-actor"), createdAt: StoreFixtures.at(3))
            try await store.write { tx throws in
                for event in [recorded, credited, sameInstant, system] { try await tx.append(event) }
                try await tx.append(recorded)
            }
            try await store.read { tx throws in
                #expect(try await tx.auditEvents(customerId: alice, limit: 10) == [sameInstant, credited, recorded])
                #expect(try await tx.auditEvents(customerId: alice, limit: 1) == [sameInstant])
                #expect(try await tx.auditEvents(subject: "Production:t1") == [recorded, credited, sameInstant])
                #expect(try await tx.auditEvents(subject: "nothing").isEmpty)
            }
            try await store.write { try await $0.append(recorded) }
            #expect(try await store.read { try await $0.auditEvents(customerId: alice, limit: 10) }.count == 3)
        }
    ]
}
