public import Hummingbird
public import NIOCore
import StorekeeperApplication

/// The request context of Storekeeper's routes.
public struct StorekeeperRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The client's address (the console rate-limits sign-in attempts per address).
    public let remoteAddress: SocketAddress?

    public init(source: Source) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// Hummingbird's own cap for bodies it decodes; Storekeeper's handlers read bodies themselves,
    /// each up to its route's limit (`RequestBodyLimit`).
    public var maxUploadSize: Int { 16 * 1024 * 1024 }
}
