import Foundation
import Synchronization

/// This process's resident memory from `/proc/self/status` (Linux), in kibibytes: anonymous
/// (`RssAnon`: the heap, what the process allocated) apart from file-backed (`RssFile`: pages of
/// files it maps, such as the SQLite database the readers map with `mmap_size`, which the kernel
/// may drop at any time), and the peak of the whole (`VmHWM`).
struct ProcessMemory: Sendable {
    let anonymous: Int
    let file: Int
    let peak: Int

    static func now() throws -> ProcessMemory {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        func field(_ name: String) throws -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
                let value = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) })
            else { throw BenchmarkFailure("/proc/self/status has no \(name)") }
            return value
        }
        return ProcessMemory(anonymous: try field("RssAnon"), file: try field("RssFile"), peak: try field("VmHWM"))
    }

    /// The largest anonymous and file-backed resident sets seen while `body` runs, sampled every
    /// 10 ms (the kernel keeps a peak of the whole only).
    static func peaks<T: Sendable>(during body: () async throws -> T) async throws -> (T, anonymous: Int, file: Int) {
        let start = try now()
        let peaks = Peaks(anonymous: start.anonymous, file: start.file)
        let sampler = Task {
            while !Task.isCancelled {
                if let sample = try? now() { peaks.record(sample) }
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        let result: T
        do {
            result = try await body()
        } catch {
            sampler.cancel()
            throw error
        }
        sampler.cancel()
        _ = await sampler.result
        let last = try now()
        peaks.record(last)
        let (anonymous, file) = peaks.value.withLock { $0 }
        return (result, anonymous, file)
    }

    /// The sampler's maxima, shared with it.
    private final class Peaks: Sendable {
        let value: Mutex<(Int, Int)>

        init(anonymous: Int, file: Int) { value = Mutex((anonymous, file)) }

        func record(_ sample: ProcessMemory) {
            value.withLock { $0 = (max($0.0, sample.anonymous), max($0.1, sample.file)) }
        }
    }

    static func megabytes(_ kibibytes: Int) -> String { String(format: "%.1f MB", Double(kibibytes) / 1024) }
}
