import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// Stored transactions, renewal infos and subscription states write their own JSON; it must be
/// exactly what their `Codable` conformances give under Foundation's encoder with sorted keys
/// (the stored state is read back with `Decodable`, and ties between records are broken on these
/// bytes).
@Suite struct AppleFactsJSONTests {
    static let identifiers = ["1000000001", "2000000002", "A-1", "a-1", "_x", "10", "9"]

    /// Draws values, each optional present when `complete` or by a coin toss.
    struct Draw<Generator: RandomNumberGenerator> {
        var generator: Generator
        let complete: Bool

        mutating func maybe<Value>(_ make: (inout Self) -> Value) -> Value? {
            complete || Bool.random(using: &generator) ? make(&self) : nil
        }
        mutating func text() -> String { CanonicalJSON.texts.randomElement(using: &generator)! }
        mutating func identifier() -> String { AppleFactsJSONTests.identifiers.randomElement(using: &generator)! }
        mutating func instant() -> Timestamp {
            Timestamp(millisecondsSince1970: Int64.random(in: -1_000...4_102_444_800_000, using: &generator))
        }
        mutating func int32() -> Int32 { Int32.random(in: Int32.min...Int32.max, using: &generator) }
        mutating func int64() -> Int64 { Int64.random(in: Int64.min...Int64.max, using: &generator) }
        mutating func bool() -> Bool { Bool.random(using: &generator) }
        mutating func environment() -> AppStoreEnvironment {
            [.production, .sandbox, .xcode, AppStoreEnvironment(rawValue: "Later")].randomElement(using: &generator)!
        }
        mutating func source() -> FactSource {
            [.storeKit2, .notification, .serverAPI, FactSource(rawValue: text())].randomElement(using: &generator)!
        }

        mutating func transaction(_ environment: AppStoreEnvironment, _ originalTransactionId: String) -> AppleTransaction {
            AppleTransaction(
                environment: environment, transactionId: identifier(), originalTransactionId: originalTransactionId,
                webOrderLineItemId: maybe { $0.identifier() }, productId: text(),
                productType: maybe { _ in ProductType.autoRenewableSubscription },
                subscriptionGroupIdentifier: maybe { $0.text() }, purchaseDate: instant(),
                originalPurchaseDate: maybe { $0.instant() }, expiresDate: maybe { $0.instant() },
                quantity: Int.random(in: -3...1_000_000, using: &generator), appAccountToken: maybe { _ in UUID() },
                ownership: maybe { $0.bool() ? .familyShared : InAppOwnershipType(rawValue: $0.text()) },
                revocationDate: maybe { $0.instant() }, revocationReason: maybe { RevocationReason(rawValue: $0.int32()) },
                isUpgraded: bool(), offerType: maybe { OfferType(rawValue: $0.int32()) }, offerIdentifier: maybe { $0.text() },
                offerDiscountType: maybe { OfferDiscountType(rawValue: $0.text()) }, offerPeriod: maybe { $0.text() },
                price: maybe { $0.int64() }, currency: maybe { $0.text() }, storefront: maybe { $0.text() },
                transactionReason: maybe { TransactionReason(rawValue: $0.text()) }, appTransactionId: maybe { $0.text() },
                multiSeatInfo: maybe { draw in
                    TransactionMultiSeatInfo(
                        invitationManagement: draw.maybe { InvitationManagement(rawValue: $0.text()) },
                        priceTiers: draw.maybe { draw in
                            (0..<(draw.complete ? 2 : Int.random(in: 0...3, using: &draw.generator))).map { _ in
                                MultiSeatPriceTier(tierPrice: draw.maybe { $0.int64() }, tierQuantity: draw.maybe { $0.int32() })
                            }
                        }, revokedSeatQuantity: draw.maybe { $0.int32() })
                },
                additionalTransactionReason: maybe { AdditionalTransactionReason(rawValue: $0.text()) },
                billingPlanType: maybe { BillingPlanType(rawValue: $0.text()) },
                commitmentInfo: maybe { draw in
                    TransactionCommitmentInfo(
                        billingPeriodNumber: draw.maybe { $0.int32() }, totalBillingPeriods: draw.maybe { $0.int32() },
                        commitmentExpiresDate: draw.maybe { $0.instant() }, commitmentPrice: draw.maybe { $0.int64() })
                },
                signedDate: instant(), source: source())
        }

        mutating func renewalInfo(_ environment: AppStoreEnvironment, _ originalTransactionId: String) -> RenewalInfo {
            RenewalInfo(
                environment: environment, originalTransactionId: originalTransactionId, productId: maybe { $0.text() },
                autoRenewProductId: maybe { $0.text() }, autoRenewEnabled: bool(),
                expirationIntent: maybe { ExpirationIntent(rawValue: $0.int32()) },
                gracePeriodExpiresDate: maybe { $0.instant() }, isInBillingRetryPeriod: bool(),
                priceIncreaseStatus: maybe { PriceIncreaseStatus(rawValue: $0.int32()) },
                offerType: maybe { OfferType(rawValue: $0.int32()) }, offerIdentifier: maybe { $0.text() },
                renewalDate: maybe { $0.instant() }, renewalPrice: maybe { $0.int64() }, currency: maybe { $0.text() },
                eligibleWinBackOfferIds: (0..<(complete ? 2 : Int.random(in: 0...2, using: &generator))).map { _ in text() },
                renewalQuantity: maybe { Int($0.int32()) },
                renewalBillingPlanType: maybe { RenewalBillingPlanType(rawValue: $0.text()) },
                commitment: maybe { draw in
                    RenewalCommitmentInfo(
                        commitmentAutoRenewProductId: draw.maybe { $0.text() },
                        commitmentAutoRenewStatus: draw.maybe { AutoRenewStatus(rawValue: $0.int32()) },
                        commitmentRenewalBillingPlanType: draw.maybe { RenewalBillingPlanType(rawValue: $0.text()) },
                        commitmentRenewalDate: draw.maybe { $0.instant() }, commitmentRenewalPrice: draw.maybe { $0.int64() })
                },
                signedDate: instant(), source: source())
        }

        /// A state with up to four transactions, extensions and immediate changes, built as the
        /// JSON its `Decodable` reads (its registers only change through facts).
        mutating func state() throws -> SubscriptionState {
            let environment = environment()
            let originalTransactionId = identifier()
            func object(_ value: some Encodable) throws -> Any {
                try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value), options: .fragmentsAllowed)
            }
            let count = complete ? 3 : Int.random(in: 0...4, using: &generator)
            var transactions: [String: Any] = [:]
            var extensions: [String: Any] = [:]
            for index in 0..<count {
                var transaction = transaction(environment, originalTransactionId)
                transaction.transactionId = identifier() + String(index)
                transactions[transaction.transactionId] = try object(transaction)
                let extended = RenewalExtension(
                    periodKey: transaction.periodKey, transactionId: transaction.transactionId,
                    expiresDate: maybe { $0.instant() }, signedDate: instant())
                extensions[extended.periodKey] = try object(extended)
            }
            var state: [String: Any] = [
                "environment": environment.rawValue, "originalTransactionId": originalTransactionId,
                "transactions": transactions, "extensions": extensions,
                "immediateChanges": Array(
                    AppleFactsJSONTests.identifiers.shuffled(using: &generator)
                        .prefix(complete ? 3 : Int.random(in: 0...3, using: &generator))),
            ]
            if complete || bool() {
                state["renewalInfo"] = try object(renewalInfo(environment, originalTransactionId))
            }
            if complete || bool() {
                state["status"] = try object(
                    StatusObservation(
                        status: SubscriptionStatus(rawValue: int32()), signedDate: instant(),
                        notificationType: maybe { NotificationTypeV2(rawValue: $0.text()) },
                        subtype: maybe { NotificationSubtype(rawValue: $0.text()) }))
            }
            return try JSONDecoder().decode(SubscriptionState.self, from: try JSONSerialization.data(withJSONObject: state))
        }
    }

    @Test func writesExactlyWhatCodableWrites() throws {
        var draw = Draw(generator: SplitMix64(seed: 0x5EED_0F_5A7E), complete: false)
        for _ in 0..<300 {
            let state = try draw.state()
            #expect(try CanonicalJSON.written(state) == CanonicalJSON.foundation(state))
            if let transaction = state.transactions.values.first {
                #expect(try CanonicalJSON.written(transaction) == CanonicalJSON.foundation(transaction))
            }
            if let info = state.renewalInfo {
                #expect(try CanonicalJSON.written(info) == CanonicalJSON.foundation(info))
            }
        }
    }

    /// Records with every optional present: a field added to a model but not to its writer
    /// shows up as a difference here.
    @Test func coversEveryField() throws {
        var draw = Draw(generator: SplitMix64(seed: 7), complete: true)
        let state = try draw.state()
        let transaction = try #require(state.transactions.values.first)
        let info = try #require(state.renewalInfo)
        var records: [Any] = [state, transaction, info, try #require(state.status), try #require(state.extensions.values.first)]
        records += [
            try #require(transaction.multiSeatInfo), try #require(transaction.multiSeatInfo?.priceTiers?.first),
            try #require(transaction.commitmentInfo), try #require(info.commitment),
        ]
        for record in records {
            for child in Mirror(reflecting: record).children {
                #expect(String(describing: child.value) != "nil", "the complete fixture leaves \(child.label ?? "?") empty")
            }
        }
        #expect(state.transactions.count == 3 && state.immediateChanges.count > 1)
        #expect(try CanonicalJSON.written(state) == CanonicalJSON.foundation(state))
        #expect(try CanonicalJSON.written(transaction) == CanonicalJSON.foundation(transaction))
        #expect(try CanonicalJSON.written(info) == CanonicalJSON.foundation(info))
    }
}
