import Storekeeper

/// One app's services, shared by reference: a request looks them up without copying them.
package final class AppServices: Sendable {
    package let runtime: AppRuntime
    package let orders: OrderService
    package let purchases: PurchaseService
    package let customers: CustomerService
    package let notifications: NotificationService
    package let offers: OfferService

    package init(
        runtime: AppRuntime, orders: OrderService, purchases: PurchaseService, customers: CustomerService,
        notifications: NotificationService, offers: OfferService
    ) {
        self.runtime = runtime
        self.orders = orders
        self.purchases = purchases
        self.customers = customers
        self.notifications = notifications
        self.offers = offers
    }
}
