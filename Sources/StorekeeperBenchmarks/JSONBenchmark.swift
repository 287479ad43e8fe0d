import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation

/// `storekeeper-bench json`: the strict tape decoder (`FastJSONDecoder`, behind
/// `JSONCoding.decodeStrict`) against Foundation's `JSONDecoder` (behind `JSONCoding.decode`) on
/// the documents the tape decoder is used for: a JWS header, a transaction, a renewal info, a
/// notification payload and the notification's HTTP body, exactly as `storekeeper-bench
/// verify` signs them. Both decode the same bytes into the same types; the figures say whether the
/// tape decoder still earns its place (BENCHMARKS.md).
public struct JSONBenchmark {
    struct Pair {
        var shape: String
        var bytes: Int
        var tape: Throughput.Result
        var foundation: Throughput.Result
    }

    /// The fields the verifier decodes from a JWS header (its own type is internal to
    /// AppStoreVerification).
    struct Header: Decodable {
        var alg: String?
        var x5c: [String]?
    }

    let throughput: Throughput

    func run() throws -> [Pair] {
        let pki = try AppleShapedPKI()
        let signed = try SignedSamples(signer: try pki.signer(), bundleId: "com.example.storekeeper")
        let notificationBody = Array(try JSONCoding.encode(ResponseBodyV2(signedPayload: signed.notification)))
        return [
            try pair("JWS header (x5c chain)", try Self.segment(0, of: signed.transaction), Header.self, maxDepth: 4),
            try pair("transaction payload", try Self.segment(1, of: signed.transaction), JWSTransactionDecodedPayload.self, maxDepth: 16),
            try pair("renewal info payload", try Self.segment(1, of: signed.renewalInfo), JWSRenewalInfoDecodedPayload.self, maxDepth: 16),
            try pair(
                "notification payload", try Self.segment(1, of: signed.notification), ResponseBodyV2DecodedPayload.self, maxDepth: 16),
            try pair("notification HTTP body", notificationBody, ResponseBodyV2.self, maxDepth: 4),
        ]
    }

    /// Measures both decoders on `bytes`, after checking that they decode it alike.
    private func pair<T: Decodable>(_ shape: String, _ bytes: [UInt8], _ type: T.Type, maxDepth: Int) throws -> Pair {
        let data = Data(bytes)
        let foundation = JSONDecoder()
        // Fail loudly rather than benchmark a decode that fails on one side.
        _ = try JSONCoding.decodeStrict(type, from: bytes, maxDepth: maxDepth)
        _ = try foundation.decode(type, from: data)
        let tape = try throughput.measure("\(shape), \(bytes.count) B: tape") {
            _ = try JSONCoding.decodeStrict(type, from: bytes, maxDepth: maxDepth)
        }
        let reference = try throughput.measure("\(shape), \(bytes.count) B: Foundation") {
            _ = try foundation.decode(type, from: data)
        }
        return Pair(shape: shape, bytes: bytes.count, tape: tape, foundation: reference)
    }

    /// The base64url-decoded `index`th segment of a compact JWS (0 header, 1 payload).
    static func segment(_ index: Int, of jws: String) throws -> [UInt8] {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw BenchmarkFailure("not a compact JWS") }
        guard let bytes = Base64.decodeURL(String(parts[index])) else { throw BenchmarkFailure("segment \(index) is not base64url") }
        return bytes
    }
}

extension JSONBenchmark {
    /// Measures and prints a table (or, with `json`, a JSON array) of every pair.
    public static func measureAndPrint(seconds: Double, json: Bool) throws {
        let pairs = try JSONBenchmark(throughput: Throughput(secondsPerRound: seconds / 5)).run()
        if json {
            struct Row: Encodable {
                var name: String
                var opsPerSecond: Double
                var p50Microseconds: Double
                var p99Microseconds: Double
            }
            let rows = pairs.flatMap { [$0.tape, $0.foundation] }.map {
                Row(name: $0.name, opsPerSecond: $0.opsPerSecond, p50Microseconds: $0.latency.p50, p99Microseconds: $0.latency.p99)
            }
            let encoder = JSONCoding.encoder()
            encoder.outputFormatting.insert(.prettyPrinted)
            print(String(decoding: try encoder.encode(rows), as: UTF8.self))
            return
        }
        #if DEBUG
            print("warning: debug build; run `swift run -c release storekeeper-bench json` for real figures")
        #endif
        let width = pairs.flatMap { [$0.tape.name, $0.foundation.name] }.map(\.count).max() ?? 0
        for pair in pairs {
            for result in [pair.tape, pair.foundation] {
                print(
                    result.name.padding(toLength: width, withPad: " ", startingAt: 0),
                    String(format: "%10.0f ops/s", result.opsPerSecond), "  " + result.latency.formatted)
            }
            print(String(format: "  %@: tape = %.2f × Foundation", pair.shape, pair.tape.opsPerSecond / pair.foundation.opsPerSecond))
        }
    }
}
