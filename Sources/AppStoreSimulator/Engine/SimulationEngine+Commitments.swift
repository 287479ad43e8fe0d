import AppStoreModels

extension SimulationEngine {
    /// The commitment a purchase with the `MONTHLY` billing plan starts: billing period 1 of the
    /// product's monthly plan, ending twelve months from now. Nil for a purchase billed up front.
    func commitment(
        for request: PurchaseRequest, product: CatalogProduct, offer: AppliedOffer?, storefront: String, at time: Timestamp
    ) throws(SimulatorError) -> SimulatedCommitment? {
        guard request.billingPlanType == .monthly else { return nil }
        guard let plan = product.monthlyCommitment else {
            throw .invalidRequest("\(product.productId) has no monthly plan with a 12-month commitment")
        }
        guard offer == nil, request.seats == nil else {
            throw .invalidRequest("the monthly plan with a 12-month commitment is sold without offers or seats")
        }
        guard let price = plan.prices[storefront] else {
            throw .invalidRequest("the monthly plan of \(product.productId) is not sold in storefront \(storefront)")
        }
        return SimulatedCommitment(
            totalBillingPeriods: plan.billingPeriods, expiresDate: durations.end(of: .oneYear, from: time), monthlyPrice: price)
    }

    /// The commitment the next monthly billing of `subscription` pays for, starting at `start`:
    /// the next billing period of the current commitment, or period 1 of a new one after the last.
    func nextCommitment(of subscription: SimulatedSubscription, product: CatalogProduct, start: Timestamp) -> SimulatedCommitment? {
        guard var commitment = subscription.commitment else { return nil }
        guard commitment.isFinalPeriod else {
            commitment.billingPeriodNumber += 1
            return commitment
        }
        // A renewed commitment is the renewal product's monthly plan at its current price; a
        // product without one renews as an ordinary subscription.
        guard let plan = product.monthlyCommitment, let price = plan.prices[subscription.storefront] else { return nil }
        return SimulatedCommitment(
            totalBillingPeriods: plan.billingPeriods, expiresDate: durations.end(of: .oneYear, from: start), monthlyPrice: price)
    }
}
