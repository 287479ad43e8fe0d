public import Hummingbird

/// The request context of Storekeeper's routes.
public struct StorekeeperRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: Source) {
        self.coreContext = .init(source: source)
    }

    /// Hummingbird's own cap for bodies it decodes; Storekeeper's handlers read bodies themselves,
    /// each up to its route's limit (`RequestBodyLimit`).
    public var maxUploadSize: Int { 16 * 1024 * 1024 }
}
