import AppStoreModels
import Storekeeper
import Testing

/// The ledger's part of applying purchase facts, without a store: consumable credits, refund
/// clawbacks under each debt policy, and a claimed placeholder's balances.
@Suite struct PurchaseLedgerTests {
    static let alice = CustomerID(rawValue: "alice")!
    static let placeholder = CustomerID(rawValue: "unclaimed:Sandbox:o-1")!
    static let now = Timestamp(millisecondsSince1970: 9_000)
    static let pack = Product(id: "pack", kind: .consumable, currencies: ["gems": 100, "coins": 5])

    static func purchase(quantity: Int = 1) -> AppleTransaction {
        AppleTransaction(
            environment: .sandbox, transactionId: "t-1", originalTransactionId: "o-1", productId: "pack",
            purchaseDate: Timestamp(millisecondsSince1970: 1), quantity: quantity, signedDate: Timestamp(millisecondsSince1970: 1),
            source: .storeKit2)
    }

    @Test func aConsumableCreditsEachCurrencyTimesItsQuantity() throws {
        let entries = try PurchaseLedger.credits(Self.purchase(quantity: 3), to: Self.alice, product: Self.pack, at: Self.now)
        #expect(entries.map(\.currency) == ["coins", "gems"])
        #expect(entries.map(\.customerDelta) == [15, 300])
        #expect(entries.map(\.key) == ["credit:Sandbox:t-1:coins", "credit:Sandbox:t-1:gems"])
        #expect(entries.allSatisfy { $0.kind == .credit && $0.customerId == Self.alice })
    }

    /// The same fact decided twice books under the same keys: the store posts it once.
    @Test func aDuplicateFactCreditsUnderTheSameKeys() throws {
        let first = try PurchaseLedger.credits(Self.purchase(), to: Self.alice, product: Self.pack, at: Self.now)
        let again = try PurchaseLedger.credits(
            Self.purchase(), to: Self.alice, product: Self.pack, at: Timestamp(millisecondsSince1970: 99_000))
        #expect(first.map(\.key) == again.map(\.key))
        #expect(first.map(\.postings) == again.map(\.postings))
    }

    @Test func anUnknownProductCreditsNothing() throws {
        #expect(try PurchaseLedger.credits(Self.purchase(), to: Self.alice, product: nil, at: Self.now).isEmpty)
        #expect(
            try PurchaseLedger.clawbacks(
                Self.purchase(), from: Self.alice, product: nil, balances: [:], policy: .clamp, at: Self.now
            ).isEmpty)
    }

    @Test func anAmountThatOverflowsIsRefused() {
        let huge = Product(id: "pack", kind: .consumable, currencies: ["gems": .max / 2])
        #expect(throws: WalletError(.amountOverflows, "currency amount overflows")) {
            try PurchaseLedger.credits(Self.purchase(quantity: 3), to: Self.alice, product: huge, at: Self.now)
        }
    }

    /// A refund after spending: `allowNegative` takes it all, `clamp` what is left and books the
    /// rest as a loss.
    @Test(arguments: [
        (DebtPolicy.allowNegative, Int64(30), Int64(-100), Int64(0)),
        (.allowNegative, 500, -100, 0),
        (.clamp, 30, -30, -70),
        (.clamp, 0, 0, -100),
        (.clamp, 500, -100, 0),
    ])
    func aRefundClawsBackUnderTheDebtPolicy(_ policy: DebtPolicy, _ balance: Int64, _ collected: Int64, _ loss: Int64) throws {
        let gemsOnly = Product(id: "pack", kind: .consumable, currencies: ["gems": 100])
        let entries = try PurchaseLedger.clawbacks(
            Self.purchase(), from: Self.alice, product: gemsOnly, balances: ["gems": balance], policy: policy, at: Self.now)
        let entry = try #require(entries.first)
        #expect(entries.count == 1)
        #expect(entry.key == PurchaseLedger.clawbackKey(Self.purchase(), currency: "gems"))
        #expect(entry.key == "clawback:Sandbox:t-1:gems")
        #expect(entry.kind == .clawback)
        #expect(entry.customerDelta == collected)
        #expect(entry.postings.first { $0.account == .issued("gems") }?.amount == 100)
        #expect((entry.postings.first { $0.account == .loss("gems") }?.amount ?? 0) == loss)
    }

    @Test func aClaimedPlaceholdersBalancesMoveToTheClaimer() throws {
        let entries = try PurchaseLedger.merges(
            from: Self.placeholder, into: Self.alice, balances: ["gems": 100, "coins": 0, "gold": -5], at: Self.now)
        #expect(entries.map(\.currency) == ["gems", "gold"])  // a zero balance moves nothing
        #expect(entries.map(\.customerDelta) == [100, -5])
        #expect(entries.map(\.key) == ["merge:unclaimed:Sandbox:o-1:alice:gems", "merge:unclaimed:Sandbox:o-1:alice:gold"])
        #expect(entries.allSatisfy { $0.kind == .merge && $0.customerId == Self.alice })
    }
}
