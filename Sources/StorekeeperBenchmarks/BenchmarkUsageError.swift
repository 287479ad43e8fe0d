/// A benchmark setting that cannot work (no PostgreSQL URL for the postgres backend, a count out
/// of range): the command line reports it as a usage error.
public struct BenchmarkUsageError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
