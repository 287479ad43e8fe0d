public import AppStoreVerification
public import AsyncHTTPClient
public import NIOCore
import NIOHTTP1

/// Posts OCSP requests over HTTP with AsyncHTTPClient, for `OCSPRevocationChecker`.
public struct HTTPOCSPTransport: OCSPTransport {
    /// Why an OCSP exchange failed at the HTTP level.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let client: HTTPClient
    private let timeout: TimeAmount
    /// OCSP responses are small; anything larger is not one.
    private let maxResponseBytes = 64 * 1024

    public init(client: HTTPClient = .shared, timeout: TimeAmount) {
        self.client = client
        self.timeout = timeout
    }

    /// The whole exchange — head and body — is bounded by `timeout`: a responder that sends its
    /// head and then stalls the body fails as surely as one that never answers.
    public func post(_ request: [UInt8], to uri: String) async throws -> [UInt8] {
        let timeout = Duration.nanoseconds(self.timeout.nanoseconds)
        return try await withThrowingTaskGroup(of: [UInt8].self) { group in
            group.addTask { try await exchange(request, with: uri) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw Failure(description: "OCSP responder \(uri) did not answer within \(timeout)")
            }
            defer { group.cancelAll() }
            guard let body = try await group.next() else {
                throw Failure(description: "OCSP exchange with \(uri) ended without an answer")
            }
            return body
        }
    }

    private func exchange(_ request: [UInt8], with uri: String) async throws -> [UInt8] {
        var httpRequest = HTTPClientRequest(url: uri)
        httpRequest.method = .POST
        httpRequest.headers.add(name: "Content-Type", value: "application/ocsp-request")
        httpRequest.headers.add(name: "Accept", value: "application/ocsp-response")
        httpRequest.body = .bytes(ByteBuffer(bytes: request))
        let response = try await client.execute(httpRequest, timeout: timeout)
        guard (200..<300).contains(response.status.code) else {
            throw Failure(description: "OCSP responder \(uri) answered HTTP \(response.status.code)")
        }
        let body = try await response.body.collect(upTo: maxResponseBytes)
        return Array(buffer: body)
    }
}
