#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// CPU time this process has used, all threads together (`getrusage(RUSAGE_SELF)`): the server
/// under test runs in the benchmark's own process, while wrk (a child) is not counted.
struct ProcessCPU: Sendable {
    var user: Double
    var system: Double

    static func now() -> ProcessCPU {
        var usage = rusage()
        #if canImport(Glibc)
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return ProcessCPU(user: 0, system: 0) }
        return ProcessCPU(user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }

    private static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }

    static func - (after: ProcessCPU, before: ProcessCPU) -> ProcessCPU {
        ProcessCPU(user: after.user - before.user, system: after.system - before.system)
    }
}
