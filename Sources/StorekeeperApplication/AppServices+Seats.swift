import Storekeeper

extension AppServices {
    /// The app's seat ledger use cases, over the app's App Store Server API clients.
    package var seats: SeatService {
        let runtime = runtime
        return SeatService(
            store: customers.store, recorder: SeatRecorder(app: runtime.config, applier: customers.applier),
            apple: { try AppleSide.client(runtime, $0) }, now: customers.now)
    }
}

extension AppServices {
    /// The app's group views for support.
    package var groups: GroupService { GroupService(seats: seats) }
}
