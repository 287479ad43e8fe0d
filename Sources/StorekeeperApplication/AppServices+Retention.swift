import Storekeeper

extension AppServices {
    /// The app's answers to the App Store's real-time Get Retention Message requests.
    package var retention: RetentionAnswerer {
        RetentionAnswerer(store: customers.store, runtime: runtime, now: customers.now)
    }
}
