import ArgumentParser
import Foundation
import StorekeeperAPIModels

/// `storekeeper offers sign`: a promotional offer signature support hands a customer's app.
struct OffersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offers", abstract: "Subscription offers for support.", subcommands: [Sign.self])

    struct Sign: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign", abstract: "Sign a promotional offer for a current or lapsed subscriber.")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions

        @Option(help: "The customer id.")
        var customer: String

        @Option(help: "The auto-renewable subscription's product id.")
        var product: String

        @Option(help: "The promotional offer's identifier (App Store Connect).")
        var offer: String

        @Option(help: "The applicationUsername the app passes to StoreKit (default: the customer's hashed id).")
        var applicationUsername: String?

        func run() async throws {
            let client = try admin.client()
            let body = AdminOfferRequest(
                productId: product, offerId: offer, applicationUsername: applicationUsername, reason: action.reason,
                idempotencyKey: action.key())
            let data = try await client.post(
                try admin.appPath("/customers/\(AdminClient.pathSegment(customer))/offers/promotional"), body)
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            let signature = try JSONDecoder().decode(AdminActionResponse<PromotionalSignatureResponse>.self, from: data).result
            var table = TextTable(["FIELD", "VALUE"])
            table.append(["productId", signature.productId])
            table.append(["offerId", signature.offerId])
            if let legacy = signature.legacy {
                table.append(["keyIdentifier", legacy.keyIdentifier])
                table.append(["nonce", legacy.nonce.uuidString])
                table.append(["timestamp", String(legacy.timestamp)])
                table.append(["signature", legacy.signature])
            }
            if let jws = signature.jws { table.append(["jws", jws]) }
            print(table.text, terminator: "")
        }
    }
}
