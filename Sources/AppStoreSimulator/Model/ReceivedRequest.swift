public import AppStoreModels
public import Foundation
import Synchronization

/// A request that reached one of the simulator's Apple endpoints (App Store Server API or
/// `verifyReceipt`), as the simulator saw it: which endpoint, when it arrived by the wall clock
/// (the clock `Retry-After` instants are computed from), and what was answered.
///
/// Kept in memory only (not in ``SimulatorState``), the most recent
/// ``ReceivedRequestLog/capacity`` of them; read with ``AppStoreSimulator/receivedRequests()`` or
/// `GET /control/requests`.
public struct ReceivedRequest: Hashable, Sendable, Codable {
    /// Arrival order, from 1.
    public var sequence: Int
    /// A ``AppStoreModels/AppStoreServerEndpoint`` raw value, or `verifyReceipt`.
    public var endpoint: String
    public var environment: AppStoreEnvironment
    /// The wall clock when the request arrived, before authentication or faults.
    public var receivedAt: Date
    /// The HTTP status answered; nil while the request is being answered (for example during an
    /// injected hang).
    public var httpStatus: Int?
    /// Apple's `errorCode` in an error answer, or the `verifyReceipt` `status`.
    public var code: Int64?
    /// What was asked, where counting repeats matters: for Get Notification History the window
    /// and the pagination token (`start-end` or `start-end:token`), so fetching one page twice
    /// shows as two entries with the same `detail`.
    public var detail: String?
}

/// The bounded, in-memory log behind ``AppStoreSimulator/receivedRequests()``.
final class ReceivedRequestLog: Sendable {
    static let capacity = 10_000

    private struct State {
        var entries: [ReceivedRequest] = []
        var nextSequence = 1
        /// The endpoint of each request not answered yet, so its answer is counted even after
        /// the log dropped its entry.
        var unanswered: [Int: String] = [:]
        /// Answers since the last clear, by endpoint and HTTP status: unbounded, unlike the log.
        var answerCounts: [String: [Int: Int]] = [:]
    }

    private let state = Mutex(State())

    /// The sequence of the request being answered (set around each Server API call).
    @TaskLocal static var current: Int?

    /// Records an arrival; returns its sequence number for ``answered(_:httpStatus:code:)``.
    func arrived(endpoint: String, environment: AppStoreEnvironment, at instant: Date) -> Int {
        state.withLock { state in
            let sequence = state.nextSequence
            state.nextSequence += 1
            state.unanswered[sequence] = endpoint
            state.entries.append(
                ReceivedRequest(sequence: sequence, endpoint: endpoint, environment: environment, receivedAt: instant))
            // Trimmed in halves rather than one entry per arrival, which moved the whole log
            // on every request once it was full; `all` returns the latest `capacity`.
            if state.entries.count >= 2 * Self.capacity { state.entries.removeFirst(state.entries.count - Self.capacity) }
            return sequence
        }
    }

    func answered(_ sequence: Int, httpStatus: Int, code: Int64?) {
        state.withLock { state in
            if let endpoint = state.unanswered.removeValue(forKey: sequence) {
                state.answerCounts[endpoint, default: [:]][httpStatus, default: 0] += 1
            }
            guard let index = state.entries.lastIndex(where: { $0.sequence == sequence }) else { return }
            state.entries[index].httpStatus = httpStatus
            state.entries[index].code = code
        }
    }

    /// Sets the ``ReceivedRequest/detail`` of the request being answered.
    func noteCurrent(_ detail: String) {
        guard let sequence = Self.current else { return }
        state.withLock { state in
            guard let index = state.entries.lastIndex(where: { $0.sequence == sequence }) else { return }
            state.entries[index].detail = detail
        }
    }

    var all: [ReceivedRequest] { state.withLock { Array($0.entries.suffix(Self.capacity)) } }

    var answerCounts: [String: [Int: Int]] { state.withLock { $0.answerCounts } }

    func clear() {
        state.withLock { state in
            state.entries.removeAll()
            state.answerCounts.removeAll()
        }
    }
}
