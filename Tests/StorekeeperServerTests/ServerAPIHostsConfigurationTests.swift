import Crypto
import Foundation
import StorekeeperApplication
import Testing

/// `app.<id>.serverAPI.productionURL` / `sandboxURL`: Apple's hosts by default (the ones Apple
/// recommends); Apple's earlier hosts stay accepted in production; any other host is a simulator,
/// which only development mode may name.
@Suite struct ServerAPIHostsConfigurationTests {
    static let pem = P256.Signing.PrivateKey().pemRepresentation
    static let production = ConfigurationTests.minimal.replacingOccurrences(of: "\"development\"", with: "\"production\"")

    static func credentials(_ urls: [String: String]) -> [String: String] {
        var overrides = [
            "app.main.serverAPI.privateKey": pem, "app.main.serverAPI.issuerId": "issuer-1", "app.main.serverAPI.keyId": "KEY1",
        ]
        for (key, url) in urls { overrides["app.main.serverAPI." + key] = url }
        return overrides
    }

    @Test("without URLs nothing is custom (the client takes Apple's recommended hosts; EndpointEncodingTests)")
    func defaultsToTheRecommendedHosts() async throws {
        let configuration = try await ConfigurationTests.load(json: Self.production, overrides: Self.credentials([:]))
        let credentials = try #require(configuration.app("main")?.serverAPI)
        #expect(credentials.productionURL == nil && credentials.sandboxURL == nil)
        #expect(!credentials.hasCustomURLs)
    }

    @Test(
        "production mode accepts Apple's recommended and earlier hosts",
        arguments: [
            ["productionURL": "https://api.storekit.itunes.apple.com", "sandboxURL": "https://api.storekit-sandbox.itunes.apple.com"],
            ["productionURL": "https://api.storekit.apple.com/", "sandboxURL": "https://api.storekit-sandbox.apple.com"],
        ])
    func acceptsApplesHosts(urls: [String: String]) async throws {
        let configuration = try await ConfigurationTests.load(json: Self.production, overrides: Self.credentials(urls))
        let credentials = try #require(configuration.app("main")?.serverAPI)
        #expect(credentials.productionURL == urls["productionURL"])
        #expect(!credentials.hasCustomURLs, "Apple's hosts spend Apple's budgets")
    }

    @Test(
        "production mode refuses any other host, or one environment's host for the other",
        arguments: [
            ["productionURL": "http://127.0.0.1:8090/production"],
            ["sandboxURL": "https://api.storekit.apple.com"],
        ])
    func refusesOtherHosts(urls: [String: String]) async throws {
        await #expect {
            _ = try await ConfigurationTests.load(json: Self.production, overrides: Self.credentials(urls))
        } throws: { error in
            (error as? ConfigurationError)?.key == "app.main.serverAPI.productionURL"
        }
        let development = try await ConfigurationTests.load(overrides: Self.credentials(urls))
        #expect(development.app("main")?.serverAPI?.hasCustomURLs == true)
    }
}
