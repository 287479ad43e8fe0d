import AppStoreModels
import Foundation

/// Keeps ``SimulatorState`` as `state.json` in a directory, written atomically after changes.
struct StateStore: Sendable {
    let directory: URL

    var stateURL: URL { directory.appendingPathComponent("state.json") }

    func load() throws(SimulatorError) -> SimulatorState? {
        guard FileManager.default.fileExists(atPath: stateURL.path) else { return nil }
        do {
            return try JSONCoding.decode(SimulatorState.self, from: Data(contentsOf: stateURL))
        } catch {
            throw SimulatorError(.persistenceFailed, "cannot read \(stateURL.path): \(error)")
        }
    }

    func save(_ state: SimulatorState) throws(SimulatorError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try JSONCoding.encode(state).write(to: stateURL, options: .atomic)
        } catch {
            throw SimulatorError(.persistenceFailed, "cannot write \(stateURL.path): \(error)")
        }
    }
}
