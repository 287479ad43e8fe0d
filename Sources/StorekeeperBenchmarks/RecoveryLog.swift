import AppStoreSimulator
import Foundation

/// What the simulator's request log says about one recovery: the Get Notification History
/// requests, how many Apple-style refusals (429) they met, the busiest second, and the pages
/// fetched more than once.
struct RecoveryLog: Sendable {
    let requests: [ReceivedRequest]

    init(_ log: [ReceivedRequest]) {
        requests = log.filter { $0.endpoint == "getNotificationHistory" }
    }

    var answered: [ReceivedRequest] { requests.filter { $0.httpStatus == 200 } }
    var refused: Int { requests.count { $0.httpStatus == 429 } }
    var failed: Int { requests.count { $0.httpStatus != 200 && $0.httpStatus != 429 } }

    /// The most requests that arrived within any one second.
    var peakPerSecond: Int {
        let times = requests.map(\.receivedAt).sorted()
        var peak = 0
        var first = 0
        for (index, time) in times.enumerated() {
            while time.timeIntervalSince(times[first]) >= 1 { first += 1 }
            peak = max(peak, index - first + 1)
        }
        return peak
    }

    /// Pages (window and token) answered more than once, counting each repeat.
    var repeatedPages: Int {
        var seen: Set<String> = []
        var repeats = 0
        for detail in answered.compactMap(\.detail) where !seen.insert(detail).inserted { repeats += 1 }
        return repeats
    }

    /// The pages each slice (by its window `start-end`) had answered, in order.
    var pagesBySlice: [String: [String]] {
        var pages: [String: [String]] = [:]
        for detail in answered.compactMap(\.detail) {
            let window = String(detail.prefix { $0 != ":" })
            pages[window, default: []].append(detail)
        }
        return pages
    }
}
