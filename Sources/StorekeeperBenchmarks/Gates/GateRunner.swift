/// Runs gates one after the other, each: setup, `warmup` iterations, a mark, `iterations`
/// counted iterations, a mark. Gate k's counted iterations are therefore callgrind's part
/// 2k + 2. Outside callgrind the marks cost nothing, and each gate prints its CPU time per
/// counted iteration.
public enum GateRunner {
    public static func run(_ operations: [GateOperation], warmup: Int, iterations: Int) async throws {
        guard warmup >= 0, iterations > 0, warmup + iterations <= 10_000 else {
            throw BenchmarkUsageError("--warmup 0... and --iterations 1..., together at most 10000")
        }
        for (index, operation) in operations.enumerated() {
            let workload = try await GateWorkload.make(operation, count: warmup + iterations)
            var cpu = ProcessCPU(user: 0, system: 0)
            do {
                for index in 0..<warmup { try await workload.iteration(index) }
                gateMark(2 * index + 1)
                let before = ProcessCPU.now()
                for index in warmup..<(warmup + iterations) { try await workload.iteration(index) }
                cpu = ProcessCPU.now() - before
                gateMark(2 * index + 2)
            } catch {
                await workload.close()
                throw error
            }
            await workload.close()
            // CPU time (user + system, every thread) per counted iteration, for runs outside
            // callgrind: many iterations make it a figure; a few only check the gate works.
            let microseconds = (cpu.user + cpu.system) * 1e6 / Double(iterations)
            print("\(operation.rawValue) \(iterations) iterations, \(Int(microseconds.rounded())) µs CPU each")
        }
    }
}
