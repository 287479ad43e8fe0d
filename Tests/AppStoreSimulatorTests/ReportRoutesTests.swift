import AppStoreModels
import AppStoreReports
import AppStoreVerification
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import AppStoreSimulator

/// The simulator's App Store Connect report routes and their control endpoints, over HTTP.
@Suite("Report routes over HTTP")
struct ReportRoutesTests {
    static let teamKey = P256.Signing.PrivateKey()

    static func setupBody(_ key: P256.Signing.PrivateKey = teamKey) -> String {
        let pem = key.publicKey.pemRepresentation.replacingOccurrences(of: "\n", with: "\\n")
        return #"{"vendorNumber":"85000000","teamKeys":[{"keyId":"TEAM1","issuerId":"issuer","publicKeyPEM":"\#(pem)"}]}"#
    }

    static func token(
        lifetime: Int64 = 1200, kid: String = "TEAM1", key: P256.Signing.PrivateKey = teamKey, extra: [String: String] = [:]
    )
        throws -> String
    {
        let now = Int64(Date().timeIntervalSince1970)
        return try APIClient.token(
            claims: ["iss": "issuer", "aud": "appstoreconnect-v1"].merging(extra) { $1 }, numbers: ["iat": now, "exp": now + lifetime],
            kid: kid, privateKey: key)
    }

    func withServer(_ body: @Sendable (any TestClientProtocol, AppStoreSimulator) async throws -> Void) async throws {
        let simulator = try Fixtures.simulator(durations: .accelerated, transport: ScriptedTransport())
        try await SimulatorServer.buildApplication(simulator: simulator, port: 0).test(.router) { client in
            try await body(client, simulator)
        }
    }

    static func send(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, body: String? = nil, token: String? = nil
    ) async throws -> (status: HTTPResponse.Status, body: [UInt8], contentType: String?) {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let token { headers[.authorization] = "Bearer " + token }
        let response = try await client.executeRequest(
            uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
        return (response.status, Array(response.body.readableBytesView), response.headers[.contentType])
    }

    static let salesPath =
        "/v1/salesReports?filter[frequency]=DAILY&filter[reportType]=SALES&filter[reportSubType]=SUMMARY&filter[vendorNumber]=85000000&filter[reportDate]="

    @Test("control: set up, inject, list and clear discrepancies; bad requests are refused with their reason")
    func controlEndpoints() async throws {
        try await withServer { client, _ in
            let early = try await Self.send(
                client, .post, "/control/reports/discrepancies", body: #"{"kind":"delayDay","day":"2026-01-01"}"#)
            #expect(early.status == .conflict, "no discrepancy before reports are set up")
            #expect(
                try await Self.send(client, .put, "/control/reports", body: #"{"vendorNumber":"1","teamKeys":[]}"#).status == .badRequest)
            #expect(try await Self.send(client, .put, "/control/reports", body: Self.setupBody()).status == .ok)
            let noPrice = try await Self.send(
                client, .post, "/control/reports/discrepancies", body: #"{"kind":"changePrice","day":"2026-01-01","sku":"gems"}"#)
            #expect(noPrice.status == .badRequest)
            let badDay = try await Self.send(
                client, .post, "/control/reports/discrepancies", body: #"{"kind":"dropRow","day":"01/01/2026","sku":"gems"}"#)
            #expect(badDay.status == .badRequest)
            let added = try await Self.send(
                client, .post, "/control/reports/discrepancies", body: #"{"kind":"dropRow","day":"2026-01-01","sku":"gems"}"#)
            #expect(added.status == .ok)
            #expect(try JSONDecoder().decode([ReportDiscrepancy].self, from: Data(added.body)).map(\.kind) == [.dropRow])
            let setup = try JSONDecoder().decode(
                SimulatedReports.self, from: Data(try await Self.send(client, .get, "/control/reports").body))
            #expect(setup.vendorNumber == "85000000" && setup.discrepancies.count == 1)
            #expect(try await Self.send(client, .delete, "/control/reports/discrepancies").status == .noContent)
            let cleared = try JSONDecoder().decode(
                SimulatedReports.self, from: Data(try await Self.send(client, .get, "/control/reports").body))
            #expect(cleared.discrepancies.isEmpty)
        }
    }

    @Test("tokens: a team key's token opens the reports; a Server API key, a longer lifetime or another key do not")
    func tokenChecks() async throws {
        try await withServer { client, simulator in
            _ = try await Self.send(client, .put, "/control/reports", body: Self.setupBody())
            let path = Self.salesPath + "2025-12-30"
            #expect(try await Self.send(client, .get, path, token: Self.token()).status == .notFound, "valid: no sales that day")
            let refused = [
                try APIClient.token(simulator), try Self.token(lifetime: 3600), try Self.token(kid: "OTHER"),
                try Self.token(key: P256.Signing.PrivateKey()),
            ]
            for token in refused {
                let answer = try await Self.send(client, .get, path, token: token)
                #expect(answer.status == .unauthorized)
                #expect(String(decoding: answer.body, as: UTF8.self).contains(#""code":"NOT_AUTHORIZED""#))
            }
            #expect(try await Self.send(client, .get, path).status == .unauthorized)
        }
    }

    @Test("filters: a missing one, a subscription report without version and an unknown type are 400s")
    func filterChecks() async throws {
        try await withServer { client, _ in
            _ = try await Self.send(client, .put, "/control/reports", body: Self.setupBody())
            let token = try Self.token()
            let missing = try await Self.send(client, .get, "/v1/salesReports?filter[frequency]=DAILY", token: token)
            #expect(missing.status == .badRequest)
            #expect(String(decoding: missing.body, as: UTF8.self).contains("PARAMETER_ERROR.REQUIRED"))
            let noVersion = try await Self.send(
                client, .get, Self.salesPath.replacingOccurrences(of: "=SALES", with: "=SUBSCRIPTION_EVENT") + "2025-12-30", token: token)
            #expect(noVersion.status == .badRequest)
            let weekly = try await Self.send(
                client, .get, Self.salesPath.replacingOccurrences(of: "DAILY", with: "WEEKLY") + "2025-12-30", token: token)
            #expect(weekly.status == .badRequest)
            let finance = try await Self.send(
                client, .get,
                "/v1/financeReports?filter[regionCode]=Z1&filter[reportType]=FINANCE_DETAIL&filter[vendorNumber]=85000000&filter[reportDate]=2025-13",
                token: token)
            #expect(finance.status == .badRequest)
        }
    }

    @Test("Pacific days follow daylight saving; a day is published the next day at 08:00 Pacific")
    func pacificDays() throws {
        func instant(_ text: String) throws -> Timestamp { Timestamp(try #require(ISO8601DateFormatter().date(from: text))) }
        // Winter: UTC-8.
        #expect(PacificCalendar.day(of: try instant("2026-01-15T07:59:59Z")) == ReportDay(year: 2026, month: 1, day: 14))
        #expect(PacificCalendar.day(of: try instant("2026-01-15T08:00:00Z")) == ReportDay(year: 2026, month: 1, day: 15))
        // Summer: UTC-7.
        #expect(PacificCalendar.day(of: try instant("2026-07-01T06:59:59Z")) == ReportDay(year: 2026, month: 6, day: 30))
        #expect(PacificCalendar.day(of: try instant("2026-07-01T07:00:00Z")) == ReportDay(year: 2026, month: 7, day: 1))
        #expect(
            PacificCalendar.publication(of: try #require(ReportDay(year: 2026, month: 1, day: 14))) == (try instant("2026-01-15T16:00:00Z"))
        )
        #expect(
            PacificCalendar.publication(of: try #require(ReportDay(year: 2026, month: 6, day: 30))) == (try instant("2026-07-01T15:00:00Z"))
        )
        // The day DST starts (2026-03-08) has 23 hours.
        let start = PacificCalendar.start(of: try #require(ReportDay(year: 2026, month: 3, day: 8)))
        let next = PacificCalendar.start(of: try #require(ReportDay(year: 2026, month: 3, day: 8)), addingDays: 1)
        #expect(next.millisecondsSince1970 - start.millisecondsSince1970 == 23 * 3_600_000)
    }
}

/// Query strings with characters RFC 3986 wants encoded (raw `[` `]`, as `curl --globoff` sends
/// `filter[…]`) are read, not a crash of the whole simulator.
@Suite("Raw brackets in a query")
struct RawQueryCharacterTests {
    @Test func serverAPIAndReportRoutesReadThem() async throws {
        let simulator = try Fixtures.simulator(durations: .accelerated, transport: ScriptedTransport())
        try await SimulatorServer.buildApplication(simulator: simulator, port: 0).test(.router) { client in
            let api = APIClient(client: client, simulator: simulator)
            let history = try await api.get("/inApps/v2/history/2000000900999999?productId=[gems]")
            #expect(history.status == .notFound)
            let reports = try await ReportRoutesTests.send(client, .get, ReportRoutesTests.salesPath + "2025-12-30", token: nil)
            #expect(reports.status == .unauthorized)
        }
    }
}
