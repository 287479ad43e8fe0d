import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import Storekeeper
import StorekeeperApplication
import StorekeeperStore

/// The real-time retention answer at scale: Apple's signed Get Retention Message requests about
/// uniformly random subscribers of N customers (seeded once by bulk SQL, `CustomerSeeder`),
/// answered one at a time by `POST /v1/apps/{app}/retention` on loopback. Every seeded customer
/// is in the first paid month of a monthly plan, so every answer is the costliest kind: the rule
/// `first-month-offer` holds (after two that do not) and a promotional offer is signed with the
/// app's offer key. Reports the server's time (verification, the one read, the decision, the
/// signature; recorded with each request) and the round trip on loopback, p50 and p99.
public struct RetentionBenchmark: Sendable {
    let customers: Int
    let requests: Int
    let database: String?
    let reseed: Bool
    let json: Bool

    public init(customers: Int, requests: Int, database: String?, reseed: Bool, json: Bool) {
        self.customers = customers
        self.requests = requests
        self.database = database
        self.reseed = reseed
        self.json = json
    }

    struct Report: Encodable {
        var customers: Int
        var requests: Int
        var answers: [String: Int]
        var serverMicroseconds: LatencySummary
        var roundTripMicroseconds: LatencySummary
    }

    public func run() async throws {
        guard (1...9_999_999).contains(customers) else { throw BenchmarkUsageError("--customers must be 1...9999999") }
        guard (1...1_000_000).contains(requests) else { throw BenchmarkUsageError("--requests must be 1...1000000") }
        let logger = LoadOptions.quietLogger()
        let path = database ?? FileManager.default.temporaryDirectory.appendingPathComponent("customers-\(customers).sqlite").path
        let seeder = CustomerSeeder(path: path, count: customers, logger: logger)
        if reseed || !seeder.isSeeded {
            let started = ContinuousClock.now
            try await seeder.seed { if !json { print($0) } }
            if !json { print("seeded \(customers) customers into \(path) in \(ContinuousClock.now - started)") }
        } else if !json {
            print("reusing \(path) (\(customers) customers)")
        }
        let pki = try AppleShapedPKI()
        let offerKey = P256.Signing.PrivateKey()
        let report = try await BenchmarkStack.run(
            backend: .sqlite(path: path), pki: pki, logger: logger,
            configure: { $0.offerKey = AppConfiguration.OfferKey(keyId: "BENCHOFFER", privateKey: offerKey) }
        ) { running in
            try await Self.storeRules(running.store)
            let url = running.url + "/v1/apps/\(BenchmarkStack.appId)/retention"
            var roundTrips = LatencySamples()
            var ids: [UUID] = []
            ids.reserveCapacity(requests)
            let clock = ContinuousClock()
            for _ in 0..<requests {
                let n = Int.random(in: 1...customers)
                let id = UUID.random()
                let body = try Self.request(n, id: id, signer: running.signer)
                let started = clock.now
                try await Self.post(url, body)
                roundTrips.record(clock.now - started)
                ids.append(id)
            }
            var server = LatencySamples()
            var answers: [String: Int] = [:]
            for chunk in stride(from: 0, to: ids.count, by: 1_000) {
                let records = try await running.store.read { tx in
                    var found: [RetentionRequestRecord] = []
                    for id in ids[chunk..<min(chunk + 1_000, ids.count)] {
                        if let record = try await tx.retentionRequest(id) { found.append(record) }
                    }
                    return found
                }
                for record in records {
                    server.record(.microseconds(record.serverMicroseconds))
                    answers[record.answerKind.rawValue, default: 0] += 1
                }
            }
            return Report(
                customers: customers, requests: requests, answers: answers, serverMicroseconds: server.summary(),
                roundTripMicroseconds: roundTrips.summary())
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print("retention answers (\(report.customers) customers, \(report.requests) requests, one at a time, sqlite)")
            print("  answers: " + report.answers.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            print("  server (verify, read, decide, sign): \(report.serverMicroseconds.formatted)")
            print("  round trip on loopback (with the commit): \(report.roundTripMicroseconds.formatted)")
        }
    }

    /// Three rules; the seeded customers (one paid month of the monthly plan) fall through the
    /// first two to the offer.
    static func storeRules(_ store: any PurchaseStore) async throws {
        let rules = [
            RetentionRule(id: "trial", conditions: [.inFreeTrial], answer: .init(kind: .message, messageIdentifier: UUID.random())),
            RetentionRule(
                id: "loyal", conditions: [.tenureMonthsAtLeast(12)],
                answer: .init(kind: .alternateProduct, messageIdentifier: UUID.random(), productId: BenchmarkStack.proMonthly)),
            RetentionRule(
                id: "first-month-offer", conditions: [.paidMonthsAtMost(1), .eligibleForOffer("half")],
                answer: .init(kind: .promotionalOffer, messageIdentifier: UUID.random(), offerId: "half")),
        ]
        try await store.write { tx in
            try await tx.saveRetentionSettings(
                RetentionSettings(
                    appId: BenchmarkStack.appId, rules: rules, revision: 1, updatedAt: Timestamp(Date()), updatedBy: "bench"))
        }
    }

    /// Apple's signed request about seeded customer `n`'s subscription.
    static func request(_ n: Int, id: UUID, signer: ES256Signer) throws -> [UInt8] {
        let payload = DecodedRealtimeRequestBody(
            originalTransactionId: String(4_000_000_000_000_000 + Int64(n) * 4 + 2), appAppleId: BenchmarkStack.appAppleId,
            productId: BenchmarkStack.proMonthly, userLocale: "en-US", requestIdentifier: id, environment: .production,
            signedDate: Timestamp(Date()))
        return Array(try JSONEncoder().encode(RealtimeRequestBody(signedPayload: try signer.sign(payload))))
    }

    static func post(_ url: String, _ body: [UInt8]) async throws {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let answer = try await response.body.collect(upTo: 1 << 16)
        guard response.status == .ok, String(buffer: answer).contains("promotionalOffer") else {
            throw BenchmarkFailure("POST \(url): \(response.status) \(String(buffer: answer).prefix(300))")
        }
    }
}
