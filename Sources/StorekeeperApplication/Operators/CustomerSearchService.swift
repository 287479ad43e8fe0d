import AppStoreAPI
import AppStoreModels
import Foundation
import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

/// The operators' search box: classifies the text (``SearchQuery``), answers every stored match
/// with one indexed lookup per kind, and — when the text looks like the order ID of Apple's
/// emailed invoice and the app can call the App Store Server API — asks Apple (Look Up Order ID),
/// verifies the signed transactions it returns and finds who owns them.
package struct CustomerSearchService: Sendable {
    package let store: any PurchaseStore
    package let app: AppConfiguration
    /// Apple (or the simulator), when the app has a Server API key.
    package let apple: AppleConnection?

    package init(
        store: any PurchaseStore, app: AppConfiguration, apple: AppleConnection?
    ) {
        self.store = store
        self.app = app
        self.apple = apple
    }

    /// At most this many matches per kind (an identifier names one record, except a
    /// `webOrderLineItemId` shared by a restore's transactions).
    package static let matchLimit = 20

    package func search(_ text: String) async throws -> AdminSearchResponse {
        guard let query = SearchQuery(text, in: app.customerSpace) else {
            throw StorekeeperError.invalidRequest(
                "q must be 1–\(SearchQuery.maximumLength) characters: a customer or alias ID, an order ID, a transaction, "
                    + "original transaction or web order line item ID, or an invoice order ID")
        }
        let environments = app.environments.sorted { $0.rawValue < $1.rawValue }
        let stored = try await store.read { reader in
            try await reader.searchMatches(query, environments: environments, limit: Self.matchLimit)
        }
        // A customer id or alias names only this app's customers; what an order or Apple
        // identifier leads to is shown only when its customer is the app's (or its group's).
        var matches = stored.filter { app.owns($0.customerId) }.map(SearchMatchBody.init)
        var invoice: AdminInvoiceLookup?
        if let orderId = query.invoiceOrderId, let apple, !apple.serverAPI.isEmpty {
            let lookup = await lookUp(orderId, apple: apple)
            invoice = lookup
            var seen: Set<String> = []
            // A purchase Storekeeper never recorded leads to the customer of the order its token
            // names: the lost order support is looking for.
            for line in lookup.transactions {
                guard let owner = line.customerId ?? line.order?.customerId, seen.insert(owner).inserted else { continue }
                matches.append(
                    SearchMatchBody(
                        kind: SearchMatch.Kind.invoiceOrder.rawValue, customerId: owner, matched: orderId, environment: line.environment,
                        productId: line.productId))
            }
        }
        return AdminSearchResponse(query: query.text, candidates: query.candidateKinds.map(\.rawValue), matches: matches, invoice: invoice)
    }

    /// Asks every environment the app trusts (production first) until one knows the order.
    /// Apple's failures are reported in the answer, not thrown: the stored matches still stand.
    private func lookUp(_ orderId: String, apple: AppleConnection) async -> AdminInvoiceLookup {
        let environments = apple.serverAPI.keys.sorted {
            ($0 == .production ? 0 : 1, $0.rawValue) < ($1 == .production ? 0 : 1, $1.rawValue)
        }
        var failure: String?
        for environment in environments {
            do {
                guard let lines = try await lines(of: orderId, in: environment, apple: apple) else { continue }
                return AdminInvoiceLookup(
                    orderId: orderId, status: .valid, environment: environment.rawValue, transactions: lines, error: nil)
            } catch let error as StorekeeperError {
                failure = error.message
            } catch let error as AppStoreAPIError {
                failure = "Apple's \(environment.rawValue) API: \(error.code.rawValue)"
            } catch {
                failure = "Apple's \(environment.rawValue) API could not be asked"
            }
        }
        return AdminInvoiceLookup(
            orderId: orderId, status: failure == nil ? .invalid : .unavailable, environment: nil, transactions: [],
            error: failure)
    }

    /// The verified lines of the invoice in one environment; `nil` when Apple does not know it there.
    private func lines(
        of orderId: String, in environment: AppStoreEnvironment, apple: AppleConnection
    ) async throws -> [AdminInvoiceTransaction]? {
        let response = try await apple.client(environment).lookUpOrderId(orderId)
        guard response.status == .valid else { return nil }
        var lines: [AdminInvoiceTransaction] = []
        for jws in response.signedTransactions ?? [] {
            let payload: JWSTransactionDecodedPayload
            do {
                payload = try apple.verifier.verifyTransaction(jws)
            } catch {
                throw StorekeeperError.verification(error)
            }
            guard let transactionId = payload.transactionId, let original = payload.originalTransactionId,
                let productId = payload.productId, let purchaseDate = payload.purchaseDate
            else {
                throw StorekeeperError.unavailable("Apple's order lookup holds an incomplete transaction")
            }
            let token = payload.appAccountToken
            let (stored, recordedFor, order) = try await store.read { reader -> (Bool, CustomerID?, Order?) in
                var order: Order?
                if let token { order = try await reader.order(appAccountToken: token) }
                if let stored = try await reader.transaction(environment: environment, transactionId: transactionId) {
                    return (true, stored.customerId, order)
                }
                return (false, try await reader.owner(environment: environment, originalTransactionId: original), order)
            }
            let owner = recordedFor.flatMap { app.owns($0) ? $0 : nil }
            lines.append(
                AdminInvoiceTransaction(
                    environment: environment.rawValue, transactionId: transactionId, originalTransactionId: original,
                    productId: productId, purchaseDate: purchaseDate.millisecondsSince1970,
                    revocationDate: payload.revocationDate?.millisecondsSince1970,
                    // Recorded for another app's customer is not recorded here.
                    customerId: owner?.rawValue, recorded: stored && owner != nil, appAccountToken: token,
                    order: order.flatMap { app.owns($0.customerId) ? AdminInvoiceOrder($0) : nil }))
        }
        return lines
    }
}
