import Synchronization

/// Set once the demo's script has finished, so errors from stopping the servers afterwards are
/// not mistaken for a failed demo.
final class DemoFinished: Sendable {
    private let state = Mutex(false)

    func set() { state.withLock { $0 = true } }

    var isSet: Bool { state.withLock { $0 } }
}
