import AppStoreModels
package import Storekeeper

/// What keeps one app's facts among its own customers. Customer-keyed reads are scoped by the
/// customer's stored key; what is looked up by Apple's identifiers or an order's
/// `appAccountToken` is checked here against the app's ``CustomerSpace``.
extension FactApplier {
    /// `customer` when it is one of the app's customers, else `nil`: an order of another app's
    /// customer is no order of this app.
    package func ownCustomer(_ customer: CustomerID?) -> CustomerID? {
        guard let customer, app.owns(customer) else { return nil }
        return customer
    }

    /// `owner` of `purchase`, refused when another app's customer owns it (a purchase has one
    /// owner; an app outside the owner's app group never takes or sees it).
    package func ownOwner(_ owner: CustomerID?, of purchase: PurchaseKey) throws -> CustomerID? {
        guard let owner, !app.owns(owner) else { return owner }
        throw StorekeeperError(
            .ownedByAnotherCustomer,
            "purchase \(purchase.originalTransactionId) belongs to a customer of another app", kind: .conflict)
    }
}
