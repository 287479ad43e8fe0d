import Foundation
package import Storekeeper

extension AppServices {
    /// The app's customers: ids from requests are placed here, and what is found by another
    /// identifier (an order, an Apple transaction) is the app's only when its customer is here.
    package var customerSpace: CustomerSpace { runtime.config.customerSpace }

    /// Whether `customer` is one of this app's customers.
    package func owns(_ customer: CustomerID) -> Bool { runtime.config.owns(customer) }
}
