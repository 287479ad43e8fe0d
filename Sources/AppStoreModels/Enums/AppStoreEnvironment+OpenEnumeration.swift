extension AppStoreEnvironment: OpenEnumeration {
    /// Every environment Apple documented when this type was written.
    public static let knownValues: [AppStoreEnvironment] = [.production, .sandbox, .xcode, .localTesting]
}
