import AppStoreModels

/// Which rollup buckets a subscription's facts fill: a pure function of its state.
///
/// A subscription contributes its whole history (every span of access by phase, each start,
/// renewal, trial conversion and end) as derived from its registers. A new fact moves the
/// rollups by ``moves(from:to:)``, the difference between what the state contributes after and
/// before. Because ``SubscriptionState`` merges facts commutatively and idempotently, the sum of
/// the moves of any sequence of facts is the contribution of the final state: replaying a fact
/// moves nothing, and the order facts arrive in does not change the final figures.
public enum SubscriptionFigures {
    /// How long an open billing retry (or a grace period without an end) is counted at most:
    /// Apple retries for up to 60 days, and says `EXPIRED` when it gives up.
    public static let retryHorizon: Int64 = 60 * 86_400_000

    /// What applying a fact that turned `previous` into `next` adds to the rollups.
    public static func moves(from previous: SubscriptionState?, to next: SubscriptionState) -> FigureMoves {
        contribution(of: next) - (previous.map(contribution(of:)) ?? FigureMoves())
    }

    /// Everything `state` contributes to the rollups.
    public static func contribution(of state: SubscriptionState) -> FigureMoves {
        let view = state.view
        let environment = state.environment
        let periods = view.periods.filter { $0.accessEnd > $0.purchaseDate }
        var moves = FigureMoves()
        guard let current = view.periods.last else { return moves }
        for period in periods {
            moves.span(
                environment, productId: period.productId, phase: FigurePhase(period: period), from: period.purchaseDate,
                to: period.accessEnd)
        }
        // What follows the current period's access: grace, billing retry, or the end.
        var accessEnd = current.accessEnd
        var ended = false
        switch view.phase {
        case .gracePeriod(let graceEnd):
            let end = graceEnd ?? current.accessEnd.adding(milliseconds: retryHorizon)
            moves.span(environment, productId: current.productId, phase: .grace, from: current.accessEnd, to: end)
            accessEnd = max(accessEnd, end)
        case .billingRetry:
            moves.span(
                environment, productId: current.productId, phase: .billingRetry, from: current.accessEnd,
                to: current.accessEnd.adding(milliseconds: retryHorizon))
        case .expired(let reason):
            if reason == .billingError, let horizon = state.lastSignedDate {
                // Apple retried until it gave up: the retry lasted until the word that it ended.
                let end = min(horizon, current.accessEnd.adding(milliseconds: retryHorizon))
                moves.span(environment, productId: current.productId, phase: .billingRetry, from: current.accessEnd, to: end)
                accessEnd = max(accessEnd, end)
            }
            ended = true
        case .revoked:
            ended = true
        default:
            break
        }
        countWindows(of: periods, environment: environment, lastEnd: accessEnd, ended: ended, into: &moves)
        return moves
    }

    /// Spans of continuous access: each start is new, each end churned (the last one only when the
    /// subscription `ended`), each later period in a span a renewal unless it replaced an upgraded
    /// period, and a paid period right after a trial a conversion.
    private static func countWindows(
        of periods: [PaidPeriod], environment: AppStoreEnvironment, lastEnd: Timestamp, ended: Bool, into moves: inout FigureMoves
    ) {
        var windowEnd: Timestamp?
        var previous: PaidPeriod?
        for period in periods {
            if let end = windowEnd, let last = previous, period.purchaseDate <= end {
                if last.revocation?.kind != .upgraded {
                    moves.count(.renewed, environment, productId: period.productId, at: period.purchaseDate)
                }
                if FigurePhase(period: last) == .trial, FigurePhase(period: period) != .trial {
                    moves.count(.trialsConverted, environment, productId: period.productId, at: period.purchaseDate)
                }
                windowEnd = max(end, period.accessEnd)
            } else {
                if let end = windowEnd, let last = previous { moves.count(.churned, environment, productId: last.productId, at: end) }
                moves.count(.new, environment, productId: period.productId, at: period.purchaseDate)
                windowEnd = period.accessEnd
            }
            previous = period
        }
        if ended, let end = windowEnd, let last = previous {
            moves.count(.churned, environment, productId: last.productId, at: max(end, lastEnd))
        }
    }
}
