package import AppStoreModels
import StorekeeperApplication
import StorekeeperHTTP
import Synchronization

/// Limits sign-in attempts to the console: per operator name (someone guessing one operator's
/// key from many addresses) and per client address (one address trying many names). Each key
/// may make `limit` failed attempts within `window`; past that every attempt, right or wrong,
/// is refused until the window moves on. A success clears the name's count.
///
/// The counts live in this process (an instance behind a load balancer counts its own share):
/// a key's worth is too small to justify a write per attempt.
package final class LoginThrottle: Sendable {
    package struct Limits: Sendable {
        package var perName: Int
        package var perAddress: Int
        package var windowMilliseconds: Int64

        /// 5 failures per name and 20 per address in 15 minutes.
        package static let standard = Limits(perName: 5, perAddress: 20, windowMilliseconds: 15 * 60 * 1000)
    }

    private let limits: Limits
    private let now: any WallClock
    /// `name:<n>` / `address:<a>` → the times of recent failures, oldest first.
    private let failures = Mutex<[String: [Int64]]>([:])
    /// Bounds the memory an attacker spraying names can take.
    private static let maxKeys = 100_000

    package init(limits: Limits = .standard, now: any WallClock) {
        self.limits = limits
        self.now = now
    }

    /// Whether an attempt for `name` from `address` may be checked now.
    package func allows(name: String, address: String) -> Bool {
        let now = now().millisecondsSince1970
        return failures.withLock { table in
            recent(&table, "name:" + name, now) < limits.perName && recent(&table, "address:" + address, now) < limits.perAddress
        }
    }

    package func recordFailure(name: String, address: String) {
        let now = now().millisecondsSince1970
        failures.withLock { table in
            if table.count >= Self.maxKeys { table.removeAll() }
            table["name:" + name, default: []].append(now)
            table["address:" + address, default: []].append(now)
        }
    }

    package func recordSuccess(name: String) {
        _ = failures.withLock { $0.removeValue(forKey: "name:" + name) }
    }

    /// The failures of `key` still inside the window (older ones are dropped).
    private func recent(_ table: inout [String: [Int64]], _ key: String, _ now: Int64) -> Int {
        guard var times = table[key] else { return 0 }
        times.removeAll { now - $0 >= limits.windowMilliseconds }
        table[key] = times.isEmpty ? nil : times
        return times.count
    }
}
