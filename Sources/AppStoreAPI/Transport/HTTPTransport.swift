/// One HTTP request as the clients build it: method, absolute URL, headers, optional body.
struct TransportRequest: Sendable {
    var method: String
    var url: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]?
}

/// One HTTP response, its body already read (up to the cap).
struct TransportResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    /// The first value of the header `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// Why no response was obtained.
enum TransportFailure: Error, Sendable {
    case timeout(String)
    case network(String)
    case responseTooLarge(limit: Int, status: Int)
    case cancelled
    case invalidURL(String)
}

/// The one thing the clients need from an HTTP stack: send a request, get a response within a
/// timeout, read at most `maxResponseBytes` of body.
///
/// Internal on purpose: the production implementation is ``AsyncHTTPClientTransport`` and the
/// tests drive that same implementation against a real local HTTP server.
protocol HTTPTransport: Sendable {
    func send(
        _ request: TransportRequest,
        timeout: Duration,
        maxResponseBytes: Int
    ) async throws(TransportFailure) -> TransportResponse
}
