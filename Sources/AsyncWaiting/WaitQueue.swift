import Synchronization

/// Tasks waiting for a condition on some shared `State`, resumed in arrival order, each of which
/// ends its wait when its task is cancelled.
///
/// The state and the queue share one lock, so checking the condition and joining the queue are
/// one step: a wake-up between the two is never missed. Waiters are resumed outside the lock.
///
/// ```swift
/// let gate = WaitQueue<Bool, Void>(false)                        // state: is the gate open?
/// try await gate.wait { isOpen in isOpen ? () : nil }            // returns at once if open
/// gate.resumeAll(with: ()) { isOpen in isOpen = true }           // opens it, wakes everyone
/// ```
///
/// A wait never outlives its task: cancelled while queued, it leaves the queue and throws
/// `CancellationError`; started in a task already cancelled, it throws at once unless the
/// condition already holds. A waiter resumed and cancelled at the same moment gets exactly one
/// of the two (the value if the resumer took it off the queue first).
public final class WaitQueue<State: Sendable, Value: Sendable>: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Value, any Error>
    }

    private struct Storage {
        var state: State
        var waiters: [Waiter] = []
        var lastID: UInt64 = 0
    }

    private let storage: Mutex<Storage>

    public init(_ state: State) {
        storage = Mutex(Storage(state: state))
    }

    /// How many tasks are waiting.
    public var count: Int { storage.withLock { $0.waiters.count } }

    /// Reads or changes the state without resuming anyone.
    public func withState<R: Sendable>(_ body: (inout State) -> R) -> R {
        storage.withLock { body(&$0.state) }
    }

    /// Returns the value `ready` gives for the current state at once; when it gives `nil`, waits
    /// until a ``resumeAll(with:updating:)`` or ``resumeFirst(with:otherwise:)`` hands this task a
    /// value. `ready` runs under the lock and may change the state (e.g. to take a free lock).
    ///
    /// Throws `CancellationError` when the task is cancelled while waiting, or is already
    /// cancelled and `ready` gives `nil`.
    public func wait(until ready: (inout State) -> Value?) async throws(CancellationError) -> Value {
        let id = storage.withLock { storage in
            storage.lastID += 1
            return storage.lastID
        }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                    // Cancellation is flagged before the handler below runs: a cancellation that
                    // came before this registration is seen here, one after it finds the waiter.
                    let now: Result<Value, CancellationError>? = storage.withLock { storage in
                        if let value = ready(&storage.state) { return .success(value) }
                        if Task.isCancelled { return .failure(CancellationError()) }
                        storage.waiters.append(Waiter(id: id, continuation: continuation))
                        return nil
                    }
                    if let now { continuation.resume(with: now) }
                }
            } onCancel: {
                let waiter = storage.withLock { storage -> Waiter? in
                    guard let index = storage.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return storage.waiters.remove(at: index)
                }
                waiter?.continuation.resume(throwing: CancellationError())
            }
        } catch {
            // The continuation is only ever resumed with a value or a CancellationError.
            throw CancellationError()
        }
    }

    /// Changes the state with `update` and resumes every waiting task with `value`, in arrival
    /// order. Returns how many were resumed.
    @discardableResult
    public func resumeAll(with value: Value, updating update: (inout State) -> Void = { _ in }) -> Int {
        let waiters = storage.withLock { storage -> [Waiter] in
            update(&storage.state)
            defer { storage.waiters = [] }
            return storage.waiters
        }
        for waiter in waiters { waiter.continuation.resume(returning: value) }
        return waiters.count
    }

    /// Resumes the longest-waiting task with `value`; when none waits, changes the state with
    /// `otherwise` instead. Returns whether a task was resumed. (A lock hands itself over this
    /// way: to the next waiter if there is one, else it becomes free.)
    @discardableResult
    public func resumeFirst(with value: Value, otherwise: (inout State) -> Void = { _ in }) -> Bool {
        let next = storage.withLock { storage -> Waiter? in
            if storage.waiters.isEmpty {
                otherwise(&storage.state)
                return nil
            }
            return storage.waiters.removeFirst()
        }
        next?.continuation.resume(returning: value)
        return next != nil
    }
}
