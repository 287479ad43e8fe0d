public import Storekeeper

extension AppConfiguration {
    /// Whether `customer` is one of this app's customers (of its space): what an order id, an
    /// `appAccountToken` or Apple's identifiers lead to is the app's only then.
    public func owns(_ customer: CustomerID) -> Bool { customer.space == customerSpace }

    /// The apps whose customers are this app's: its group's, or itself alone.
    public var appsSharingCustomers: Set<String> { Set(appGroup?.apps ?? [id]) }
}
