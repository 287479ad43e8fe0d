public import AppStoreModels
public import Foundation

/// How the simulator tells time.
public enum ClockMode: String, Hashable, Sendable, Codable {
    /// Time stands still except when advanced (`advance(by:)`); tests use this.
    case manual
    /// Wall-clock time plus whatever the simulator was advanced by; time flows by itself.
    case system
}

/// The simulator's notion of now, persisted with its state so a restart keeps the same time.
public struct SimulatedClock: Hashable, Sendable, Codable {
    public var mode: ClockMode
    /// The current instant in `manual` mode.
    public var manualNow: Timestamp
    /// Milliseconds added to the wall clock in `system` mode.
    public var offsetMilliseconds: Int64

    public init(mode: ClockMode, start: Date = Date()) {
        self.mode = mode
        self.manualNow = Timestamp(start)
        self.offsetMilliseconds = 0
    }

    public func now(wall: Date) -> Timestamp {
        switch mode {
        case .manual: manualNow
        case .system: Timestamp(wall).adding(milliseconds: offsetMilliseconds)
        }
    }

    public mutating func advance(milliseconds: Int64) {
        switch mode {
        case .manual: manualNow = manualNow.adding(milliseconds: milliseconds)
        case .system: offsetMilliseconds += milliseconds
        }
    }
}
