/// What an operator may do in the admin API and the console. Each role includes the ones below
/// it: a `support` operator may also read, an `admin` may also act.
public enum OperatorRole: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Reads customers, timelines, notifications, refunds and figures.
    case viewer
    /// Also grants, adjusts, extends, resyncs, corrects orders and replays notifications.
    case support
    /// Also manages operators.
    case admin

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .support: 1
        case .admin: 2
        }
    }

    public static func < (lhs: OperatorRole, rhs: OperatorRole) -> Bool { lhs.rank < rhs.rank }
}
