import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// A month of one subscription, day by day: trial, paid, renewal, refund, churn.
@Suite("Figures scenarios")
struct FiguresScenarioTests {
    func day(_ offset: Double) -> FigureDay { FigureDay(containing: Clock.day(offset)) }

    func overview(_ moves: FigureMoves, days: ClosedRange<FigureDay>) -> FigureOverview {
        let totals = moves.sorted.map {
            FigureTotal(day: $0.key.day, metric: $0.key.metric, productId: $0.key.productId, dimension: $0.key.dimension, value: $0.amount)
        }
        let opening = totals.filter { $0.metric == .active && $0.day < days.lowerBound }
        return FigureOverview(days: days, opening: opening, totals: totals)
    }

    @Test("trial, conversion, renewal, refund and churn land on their days")
    func trialToChurn() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        var transactions: [AppleTransaction] = []
        var moves = FigureMoves()
        func apply(_ delivery: Delivery) throws {
            let previous = run.state
            try run.apply(delivery)
            moves = moves + SubscriptionFigures.moves(from: previous, to: try #require(run.state))
            transactions += delivery.fact?.transactions ?? []
        }
        try apply(apple.subscribe(.plus, offer: .freeTrial))  // day 0, trial of 7 days
        try apply(apple.renew())  // day 7: paid, converted
        try apply(apple.renew())  // day 37: renewed
        apple.advance(days: 5)
        try apply(apple.refund())  // day 42: current period refunded, access ends
        let revenue = FiguresPropertyTests.rollup(transactions)
        let figures = overview(moves + revenue, days: day(-1)...day(70))
        func on(_ offset: Double) throws -> FigureOverview.Day {
            try #require(figures.days.first { $0.day == day(offset) })
        }
        let product = SimProduct.plus.id
        #expect(try on(-1).activeTotal == 0)
        #expect(try on(0).active == [product: [.trial: 1]])
        #expect(try on(0).total(.new) == 1)
        #expect(try on(6).active == [product: [.trial: 1]])
        #expect(try on(7).active == [product: [.standard: 1]])
        #expect(try on(7).total(.trialsConverted) == 1)
        #expect(try on(7).total(.renewed) == 1)
        #expect(try on(7).money[.revenue] == ["USD": 9_990])
        #expect(try on(37).total(.renewed) == 1)
        #expect(try on(37).total(.trialsConverted) == 0)
        #expect(try on(41).active == [product: [.standard: 1]])
        #expect(try on(42).activeTotal == 0)
        #expect(try on(42).total(.refunds) == 1)
        #expect(try on(42).total(.churned) == 1)
        #expect(try on(42).money[.refunded] == ["USD": 9_990])
        #expect(try on(42).money[.proceeds] == nil)
        #expect(figures.days.reduce(0) { $0 + $1.total(.new) } == 1)
        #expect(figures.days.reduce(0) { $0 + $1.total(.churned) } == 1)
        #expect(figures.days.reduce(0) { $0 + ($1.money[.revenue]?["USD"] ?? 0) } == 19_980)
        #expect(figures.days.reduce(0) { $0 + ($1.money[.proceeds]?["USD"] ?? 0) } == 13_986)
    }

    @Test("grace and billing retry are counted until Apple gives up, then churn")
    func billingIssues() throws {
        var apple = SimulatedApple()
        var run = LifecycleRun()
        var moves = FigureMoves()
        func apply(_ delivery: Delivery) throws {
            let previous = run.state
            try run.apply(delivery)
            moves = moves + SubscriptionFigures.moves(from: previous, to: try #require(run.state))
        }
        try apply(apple.subscribe(.plus))  // day 0..30
        try apply(apple.failToRenew(grace: true))  // day 30, grace until 46
        var figures = overview(moves, days: day(0)...day(90))
        func on(_ offset: Double) throws -> FigureOverview.Day { try #require(figures.days.first { $0.day == day(offset) }) }
        #expect(try on(29).active == [SimProduct.plus.id: [.standard: 1]])
        #expect(try on(30).active == [SimProduct.plus.id: [.grace: 1]])
        #expect(try on(46).activeTotal == 0)
        try apply(apple.expireGracePeriod())  // day 46: billing retry
        figures = overview(moves, days: day(0)...day(120))
        #expect(try on(45).active == [SimProduct.plus.id: [.grace: 1]] || on(45).active == [SimProduct.plus.id: [.billingRetry: 1]])
        #expect(try on(50).active == [SimProduct.plus.id: [.billingRetry: 1]])
        apple.advance(days: 20)
        try apply(apple.expire(.billingError))  // day 66
        figures = overview(moves, days: day(0)...day(120))
        #expect(try on(65).active == [SimProduct.plus.id: [.billingRetry: 1]])
        #expect(try on(66).activeTotal == 0)
        #expect(try on(66).total(.churned) == 1)
        #expect(figures.days.reduce(0) { $0 + $1.total(.churned) } == 1)
    }

    @Test("days parse, print and step in UTC", arguments: ["1970-01-01", "2024-02-29", "2025-12-31", "2026-03-01", "2100-02-28"])
    func days(_ text: String) throws {
        let day = try #require(FigureDay(iso: text))
        #expect(day.description == text)
        #expect(FigureDay(containing: day.start) == day)
        #expect(FigureDay(containing: day.start.adding(milliseconds: 86_399_999)) == day)
        #expect(FigureDay(containing: day.start.adding(milliseconds: -1)) == day.adding(days: -1))
        #expect(day.monthStart.civil.day == 1)
        #expect(day.monthStart.civil.month == day.civil.month)
    }

    @Test(
        "impossible days are refused",
        arguments: ["2025-02-29", "2025-13-01", "2025-00-10", "2025-1-01", "20250101", "1969-12-31", "2025-01-32", "２０２５-01-01"])
    func invalidDays(_ text: String) {
        #expect(FigureDay(iso: text) == nil)
    }
}
