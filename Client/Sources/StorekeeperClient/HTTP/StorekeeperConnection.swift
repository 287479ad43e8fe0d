import Foundation
import StorekeeperAPIModels

/// Calls the app API of one Storekeeper app (`/v1/apps/{app}/...`) for one customer: each
/// request carries the customer token and a fresh nonce, and each answer is checked by the
/// ``AnswerVerifier`` before it is decoded.
struct StorekeeperConnection: Sendable {
    let configuration: PurchaseClient.Configuration
    let transport: any HTTPTransport
    let verifier: AnswerVerifier

    /// The answer as received, before decoding.
    struct RawAnswer: Sendable {
        var status: Int
        var body: Data
        var verification: AnswerVerification
    }

    /// Sends `body` (JSON) to `path` under the app's routes; throws only when no answer arrived.
    func send(_ method: String, _ path: String, body: (some Encodable & Sendable)?) async throws -> RawAnswer {
        let target = configuration.basePath + "/v1/apps/" + Self.segment(configuration.appId) + path
        guard var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false) else {
            throw StorekeeperClientError(code: .invalidConfiguration, reason: "the base URL is not a URL")
        }
        components.percentEncodedPath = target
        guard let url = components.url else {
            throw StorekeeperClientError(code: .invalidConfiguration, reason: "cannot form a URL for \(target)")
        }
        let nonce = AnswerVerifier.makeNonce()
        var headers = [
            "Authorization": "Bearer " + (try await configuration.customerToken()),
            AnswerSignature.nonceHeader: nonce,
            "Accept": "application/json",
        ]
        var data: Data?
        if let body {
            data = try JSONEncoder().encode(body)
            headers["Content-Type"] = "application/json"
        }
        let response: TransportResponse
        do {
            response = try await transport.send(TransportRequest(method: method, url: url, headers: headers, body: data))
        } catch let error as CancellationError {
            throw error
        } catch {
            throw StorekeeperClientError.unreachable(error)
        }
        let verification = verifier.verify(
            header: response.headers[AnswerSignature.signatureHeader.lowercased()], nonce: nonce, method: method,
            target: target, status: response.status, body: response.body, now: Int64(configuration.now().timeIntervalSince1970))
        return RawAnswer(status: response.status, body: response.body, verification: verification)
    }

    /// Sends and decodes a 2xx answer into `Value`; an error answer throws ``StorekeeperClientError``
    /// (`rejected`, with Storekeeper's code). An unverified answer is returned as such: the
    /// caller decides what it may still be used for (nothing that grants).
    func call<Value: Decodable & Sendable>(
        _ method: String, _ path: String, body: (some Encodable & Sendable)? = Optional<Empty>.none, as type: Value.Type
    ) async throws -> Answer<Value> {
        let raw = try await send(method, path, body: body)
        guard (200..<300).contains(raw.status) else {
            throw StorekeeperClientError.rejected(status: raw.status, body: try? JSONDecoder().decode(APIErrorBody.self, from: raw.body))
        }
        guard let value = try? JSONDecoder().decode(Value.self, from: raw.body) else {
            throw StorekeeperClientError.undecodable(String(describing: Value.self), status: raw.status)
        }
        return Answer(value: value, status: raw.status, verification: raw.verification)
    }

    /// As `call`, and an unverified answer throws: for everything the app acts on.
    func verifiedCall<Value: Decodable & Sendable>(
        _ method: String, _ path: String, body: (some Encodable & Sendable)? = Optional<Empty>.none, as type: Value.Type
    ) async throws -> Value {
        let answer = try await call(method, path, body: body, as: type)
        if case .unverified(let reason) = answer.verification {
            throw StorekeeperClientError.unverified(reason, status: answer.status)
        }
        return answer.value
    }

    /// The empty JSON object, for the routes that take no body but a POST.
    struct Empty: Codable, Sendable {}

    /// One path segment, percent-encoded (customer ids are the app's own strings).
    static func segment(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
