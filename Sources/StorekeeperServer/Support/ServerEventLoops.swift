import NIOCore
package import NIOPosix
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import Synchronization

/// The event loop groups HTTP servers run on, one per thread count, each kept for the life of the
/// process (like SwiftNIO's singleton, which serves the count equal to the cores): servers
/// started and stopped many times, as in tests, share them instead of leaking threads.
package enum ServerEventLoops {
    private static let groups = Mutex<[Int: MultiThreadedEventLoopGroup]>([:])

    package static func group(threads: Int) -> MultiThreadedEventLoopGroup {
        if threads == System.coreCount { return .singleton }
        return groups.withLock { groups in
            if let group = groups[threads] { return group }
            let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
            groups[threads] = group
            return group
        }
    }
}
