import Synchronization

/// `true` when `body` returns within `limit`, `false` (leaving it suspended) when it does not.
///
/// For tests of code that must never lose a job or a continuation: a body whose task lost one
/// never returns, and awaiting it directly would hang the test instead of failing it. Choose a
/// limit far above what the body takes, since a loaded machine can starve the global executor
/// for seconds.
public func finishes(within limit: Duration, _ body: @escaping @Sendable () async -> Void) async -> Bool {
    let resumed = Mutex(false)
    return await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let resumeOnce: @Sendable (Bool) -> Void = { value in
            let first = resumed.withLock { done in
                defer { done = true }
                return !done
            }
            if first { continuation.resume(returning: value) }
        }
        Task.detached {
            await body()
            resumeOnce(true)
        }
        Task.detached {
            try? await Task.sleep(for: limit)
            resumeOnce(false)
        }
    }
}
