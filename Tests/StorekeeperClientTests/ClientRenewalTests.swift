import Foundation
import StorekeeperAPIModels
import StorekeeperClient
import Testing

/// What the app shows under a subscription, from the customer state's fields alone.
@Suite struct ClientRenewalTests {
    static let day: Int64 = 86_400_000
    static let expiry: Int64 = 1_900_000_000_000

    static func subscription(
        autoRenewStatus: Int?, phase: String = "active", commitment: CommitmentBody? = nil
    ) -> CustomerBody.Subscription {
        CustomerBody.Subscription(
            originalTransactionId: "1", environment: "Sandbox", productId: "yearly", phase: phase, expiresAt: expiry,
            autoRenewStatus: autoRenewStatus, commitment: commitment)
    }

    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    @Test func ordinarySubscriptionsRenewOrEnd() {
        #expect(Self.subscription(autoRenewStatus: 1).renewal == .renewsOn(Self.date(Self.expiry)))
        #expect(Self.subscription(autoRenewStatus: 0).renewal == .endsOn(Self.date(Self.expiry)))
        #expect(Self.subscription(autoRenewStatus: 1, phase: "expired").renewal == .endsOn(Self.date(Self.expiry)))
    }

    @Test func aCancelledCommitmentIsBilledMonthlyUntilItEnds() {
        let end = Self.expiry + 240 * Self.day
        let running = CommitmentBody(billingPeriodNumber: 4, totalBillingPeriods: 12, expiresAt: end, autoRenewStatus: 1)
        #expect(Self.subscription(autoRenewStatus: 1, commitment: running).renewal == .renewsOn(Self.date(Self.expiry)))

        var cancelled = running
        cancelled.autoRenewStatus = 0
        #expect(
            Self.subscription(autoRenewStatus: 1, commitment: cancelled).renewal
                == .billedMonthlyUntil(nextBilling: Self.date(Self.expiry), endsOn: Self.date(end)))

        // In the last billing period the commitment's end is the period's: it simply ends.
        cancelled.expiresAt = Self.expiry
        #expect(Self.subscription(autoRenewStatus: 1, commitment: cancelled).renewal == .endsOn(Self.date(Self.expiry)))
    }
}
