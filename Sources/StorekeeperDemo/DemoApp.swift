import AppStoreSimulator
import Foundation
import Storekeeper
import StorekeeperClient
import StorekeeperClientSimulation
import StorekeeperLocal

/// The app on a customer's device: Storekeeper's app package (`PurchaseClient`, as an iOS app
/// links it) over a StoreKit played by the simulator for the customer's Apple account. It calls
/// Storekeeper directly and trusts the app's answer-signing keys, so every answer it acts on
/// carries a verified `Storekeeper-Signature`.
struct DemoApp: Sendable {
    let name: String
    let client: PurchaseClient
    let device: SimulatedStoreKit

    static func start(
        _ name: String, customer: CustomerID, appleAccount: String, stack: LocalStack.Running, directory: URL
    ) async throws -> DemoApp {
        let account = SimulatedAppleAccount(simulator: stack.simulator, accountId: appleAccount)
        let device = SimulatedStoreKit(account: account, name: name)
        guard let baseURL = URL(string: stack.storekeeperURL) else {
            throw DemoCaller.UnexpectedResponse(request: "Storekeeper's URL", status: 0, body: stack.storekeeperURL)
        }
        let simulator = stack.simulator
        var configuration = PurchaseClient.Configuration(
            baseURL: baseURL, appId: stack.app.id, customerId: customer.rawValue,
            customerToken: { stack.customerToken(customer) }, trustedKeysPEM: stack.app.answerKeys.map(\.publicKeyPEM),
            directory: directory.appendingPathComponent(name.filter { $0.isLetter || $0.isNumber }, isDirectory: true))
        // The device's clock agrees with Storekeeper's, which is the simulator's (accelerated).
        configuration.now = { Date(timeIntervalSince1970: Double(simulator.now().millisecondsSince1970) / 1000) }
        let client = try PurchaseClient(configuration: configuration, storeKit: device)
        await client.start()
        return DemoApp(name: name, client: client, device: device)
    }
}
