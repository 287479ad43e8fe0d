import AsyncHTTPClient
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import StorekeeperAPIModels
import StorekeeperClientSimulation
import StorekeeperServer
import Synchronization
import Testing

/// What stands between the app and Storekeeper in a test: a loopback HTTP forwarder that signs
/// Storekeeper's answers with the scheme of `AnswerSignature` (with one of its keys, so tests can
/// rotate), or plays a hostile network: alters a body, replays an older answer, strips the
/// signature, or answers 503 as a server that is down. Every answer it hands the app is written
/// to the call log.
final class AnswerProxy: Sendable {
    /// What the proxy does to the answers of the paths containing `path` ("" for every path);
    /// the others it signs with `keys[0]`.
    enum Mode: Sendable, Hashable {
        /// Signs each answer with `keys[index]`.
        case sign(key: Int)
        /// Signs, then changes the body (balances inflated, every entitlement active).
        case alter(String)
        /// Answers with the last signed answer to the same route instead of the fresh one.
        case replay(String)
        /// Passes the answer on without a signature.
        case strip(String)
        /// Storekeeper is down: 503, nothing forwarded.
        case unavailable(String)

        /// The mode for one request target.
        func applied(to target: String) -> Mode {
            switch self {
            case .sign: self
            case .alter(let path), .replay(let path), .strip(let path), .unavailable(let path):
                path.isEmpty || target.contains(path) ? self : .sign(key: 0)
            }
        }
    }

    let upstream: String
    let appId: String
    let keys: [P256.Signing.PrivateKey]
    let log: CallLog
    let now: @Sendable () -> Int64
    private let mode = Mutex(Mode.sign(key: 0))
    private let captured = Mutex<[String: (status: Int, body: Data, signature: String)]>([:])

    init(upstream: String, appId: String, keys: [P256.Signing.PrivateKey], log: CallLog, now: @escaping @Sendable () -> Int64) {
        self.upstream = upstream
        self.appId = appId
        self.keys = keys
        self.log = log
        self.now = now
    }

    func set(_ mode: Mode) { self.mode.withLock { $0 = mode } }

    /// Runs the proxy on a loopback port until `body` returns.
    func run<T: Sendable>(_ body: @escaping @Sendable (URL) async throws -> T) async throws -> T {
        let port = ServerPort()
        let logger = Logger(label: "answer-proxy", factory: { _ in SwiftLogNoOpLogHandler() })
        let application = Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in try await self.respond(to: request) },
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { port.set($0.localAddress?.port ?? 0) }, logger: logger)
        let service = GracefulService(application, logger: logger)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await port.reportingEnd { try await service.run() }
                return nil
            }
            let url = try #require(URL(string: "http://127.0.0.1:\(try await port.wait())"))
            group.addTask {
                let result = try await body(url)
                await service.stop()
                return result
            }
            var result: T?
            while let next = try await group.next() { if let next { result = next } }
            return try #require(result)
        }
    }

    private func respond(to request: Request) async throws -> Response {
        let target = request.head.path ?? "/"
        let method = request.method.rawValue
        let nonce = request.headers[HTTPField.Name(AnswerSignature.nonceHeader)!] ?? ""
        let route = method + " " + (target.split(separator: "?").first.map(String.init) ?? target)
        let mode = self.mode.withLock { $0 }.applied(to: target)
        if case .unavailable = mode {
            let body = Data(#"{"error":{"code":"temporarilyUnavailable","message":"down"}}"#.utf8)
            log.append(.answer(method: method, path: target, status: 503, body: body, signed: false))
            return Self.response(503, body: body, signature: nil)
        }
        var forward = HTTPClientRequest(url: upstream + target)
        forward.method = HTTPMethod(rawValue: method)
        for name in [HTTPField.Name.authorization, .contentType] {
            if let value = request.headers[name] { forward.headers.add(name: name.rawName, value: value) }
        }
        forward.headers.add(name: AnswerSignature.nonceHeader, value: nonce)
        let bytes = try await request.body.collect(upTo: 4 * 1024 * 1024)
        if bytes.readableBytes > 0 { forward.body = .bytes(bytes) }
        let answer = try await HTTPClient.shared.execute(forward, timeout: .seconds(30))
        let status = Int(answer.status.code)
        var body = Data(buffer: try await answer.body.collect(upTo: 16 * 1024 * 1024))
        var signature: String?
        switch mode {
        case .sign(let index):
            signature = sign(body, status: status, nonce: nonce, method: method, target: target, key: keys[index])
            if let signature { captured.withLock { $0[route] = (status, body, signature) } }
        case .alter:
            signature = sign(body, status: status, nonce: nonce, method: method, target: target, key: keys[0])
            body = Self.altered(body)
        case .replay:
            if let old = captured.withLock({ $0[route] }) {
                body = old.body
                signature = old.signature
                log.append(.answer(method: method, path: target, status: old.status, body: body, signed: false))
                return Self.response(old.status, body: body, signature: signature)
            }
        case .strip, .unavailable:
            break
        }
        var signed = false
        if case .sign = mode { signed = signature != nil }
        log.append(.answer(method: method, path: target, status: status, body: body, signed: signed))
        return Self.response(status, body: body, signature: signature)
    }

    private func sign(_ body: Data, status: Int, nonce: String, method: String, target: String, key: P256.Signing.PrivateKey) -> String? {
        let signedAt = now()
        let message = AnswerSignature.message(
            app: appId, nonce: nonce, method: method, target: target, status: status, signedAt: signedAt,
            bodySHA256: Array(SHA256.hash(data: body)))
        guard let signature = try? key.signature(for: message) else { return nil }
        let keyId = AnswerSignature.keyId(publicKeySHA256: Array(SHA256.hash(data: key.publicKey.x963Representation)))
        return AnswerSignature(keyId: keyId, signedAt: signedAt, signature: Array(signature.rawRepresentation)).headerValue
    }

    private static func response(_ status: Int, body: Data, signature: String?) -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let signature { headers[HTTPField.Name(AnswerSignature.signatureHeader)!] = signature }
        return Response(
            status: HTTPResponse.Status(code: status), headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(data: body)))
    }

    /// What a hostile proxy would write: more currency, every entitlement active.
    static func altered(_ body: Data) -> Data {
        func rewrite(_ value: Any) -> Any {
            if var object = value as? [String: Any] {
                for (key, inner) in object {
                    switch key {
                    case "balances":
                        if let balances = inner as? [String: Any] { object[key] = balances.mapValues { _ in 1_000_000 } }
                    case "isActive":
                        object[key] = true
                    case "balance":
                        object[key] = 1_000_000
                    default:
                        object[key] = rewrite(inner)
                    }
                }
                if object["balances"] != nil, (object["balances"] as? [String: Any])?.isEmpty == true {
                    object["balances"] = ["gems": 1_000_000]
                }
                return object
            }
            if let array = value as? [Any] { return array.map(rewrite) }
            return value
        }
        guard let json = try? JSONSerialization.jsonObject(with: body),
            let data = try? JSONSerialization.data(withJSONObject: rewrite(json), options: [.sortedKeys])
        else { return body + Data(" ".utf8) }
        return data == body ? body + Data(" ".utf8) : data
    }
}
