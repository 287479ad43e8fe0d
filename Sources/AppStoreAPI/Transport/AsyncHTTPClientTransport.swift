import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// ``HTTPTransport`` over AsyncHTTPClient.
struct AsyncHTTPClientTransport: HTTPTransport {
    let client: HTTPClient

    func send(
        _ request: TransportRequest,
        timeout: Duration,
        maxResponseBytes: Int
    ) async throws(TransportFailure) -> TransportResponse {
        var httpRequest = HTTPClientRequest(url: request.url)
        httpRequest.method = HTTPMethod(rawValue: request.method)
        for header in request.headers {
            httpRequest.headers.add(name: header.name, value: header.value)
        }
        if let body = request.body {
            httpRequest.body = .bytes(ByteBuffer(bytes: body))
        }
        let nanoseconds =
            timeout.components.seconds * 1_000_000_000
            + timeout.components.attoseconds / 1_000_000_000
        let deadline = TimeAmount.nanoseconds(max(1, nanoseconds))
        do {
            let response = try await client.execute(httpRequest, timeout: deadline)
            let status = Int(response.status.code)
            let body: ByteBuffer
            do {
                body = try await response.body.collect(upTo: maxResponseBytes)
            } catch is NIOTooManyBytesError {
                throw TransportFailure.responseTooLarge(limit: maxResponseBytes, status: status)
            }
            let headers = response.headers.map { (name: $0.name, value: $0.value) }
            return TransportResponse(status: status, headers: headers, body: Array(buffer: body))
        } catch let failure as TransportFailure {
            throw failure
        } catch {
            throw Self.classify(error)
        }
    }

    /// Maps AsyncHTTPClient and NIO errors to a timeout, a cancellation or a network failure,
    /// keeping the original error's description.
    static func classify(_ error: any Error) -> TransportFailure {
        if error is CancellationError { return .cancelled }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout,
                .tlsHandshakeTimeout, .getConnectionFromPoolTimeout, .httpProxyHandshakeTimeout,
                .socksHandshakeTimeout:
                return .timeout(String(describing: clientError))
            case .cancelled:
                return .cancelled
            case .invalidURL, .emptyHost, .emptyScheme:
                return .invalidURL(String(describing: clientError))
            default:
                return .network(String(describing: clientError))
            }
        }
        return .network(String(describing: error))
    }
}
