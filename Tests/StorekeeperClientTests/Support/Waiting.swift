import Foundation
import Testing

/// Waits until `condition` holds (polling), failing the test after `seconds`: for what the app
/// does in the background (its updates listener, its queue's backoff).
func waitUntil(
    _ what: String, seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @Sendable () async throws -> Bool
) async throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("timed out waiting until \(what)", sourceLocation: sourceLocation)
}
