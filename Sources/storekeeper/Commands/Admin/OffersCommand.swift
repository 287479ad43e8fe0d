import ArgumentParser
import Foundation

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
            var body: [String: CommandJSON] = [
                "productId": .string(product), "offerId": .string(offer), "reason": .string(action.reason),
                "idempotencyKey": .string(action.key()),
            ]
            if let applicationUsername { body["applicationUsername"] = .string(applicationUsername) }
            let data = try await client.post(
                try admin.appPath("/customers/\(AdminClient.pathSegment(customer))/offers/promotional"), body)
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            let signature = try JSONDecoder().decode(AdminActionAnswer<Signature>.self, from: data).result
            var table = TextTable(["FIELD", "VALUE"])
            table.append(["productId", signature.productId])
            table.append(["offerId", signature.offerId])
            if let legacy = signature.legacy {
                table.append(["keyIdentifier", legacy.keyIdentifier])
                table.append(["nonce", legacy.nonce])
                table.append(["timestamp", String(legacy.timestamp)])
                table.append(["signature", legacy.signature])
            }
            if let jws = signature.jws { table.append(["jws", jws]) }
            print(table.text, terminator: "")
        }

        struct Signature: Decodable {
            struct Legacy: Decodable {
                let keyIdentifier: String
                let nonce: String
                let timestamp: Int64
                let signature: String
            }
            let productId: String
            let offerId: String
            let legacy: Legacy?
            let jws: String?
        }
    }
}
