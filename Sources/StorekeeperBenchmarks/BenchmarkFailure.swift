/// A benchmark that could not run or measured something other than it should (a server that
/// stopped, an unexpected response, wrk missing).
public struct BenchmarkFailure: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
