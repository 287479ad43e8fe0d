public import AppStoreModels
public import AsyncHTTPClient
import Foundation
public import NIOCore

/// Carries a real-time retention request to an app's Get Retention Message endpoint and brings
/// back its answer with the time it took.
public protocol RealtimeTransport: Sendable {
    func post(_ body: [UInt8], to url: String) async -> RealtimeExchange
}

/// One real-time request's outcome, in Apple's `sendAttemptResult` terms, with the answer.
public struct RealtimeExchange: Sendable {
    public var result: SendAttemptResult
    public var status: Int?
    public var body: [UInt8]
    public var elapsed: Duration

    public init(result: SendAttemptResult, status: Int?, body: [UInt8], elapsed: Duration) {
        self.result = result
        self.status = status
        self.body = body
        self.elapsed = elapsed
    }
}

/// POSTs with AsyncHTTPClient and measures the answer's time on a monotonic clock. The
/// timeout only bounds a hung server; whether an answer came in time is the caller's judgement.
public struct HTTPRealtimeTransport: RealtimeTransport {
    public let client: HTTPClient
    public let timeout: TimeAmount

    public init(client: HTTPClient = .shared, timeout: TimeAmount = .seconds(5)) {
        self.client = client
        self.timeout = timeout
    }

    public func post(_ body: [UInt8], to url: String) async -> RealtimeExchange {
        let request = HTTPClientRequest.simulatorPost(body, to: url)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await client.execute(request, timeout: timeout)
            let answer = try await response.body.collect(upTo: 64 * 1024)
            let status = Int(response.status.code)
            return RealtimeExchange(
                result: status == 200 ? .success : .unsuccessfulHTTPResponseCode, status: status,
                body: Array(buffer: answer), elapsed: clock.now - start)
        } catch {
            let result: SendAttemptResult
            switch error as? HTTPClientError {
            case .deadlineExceeded?, .readTimeout?, .connectTimeout?: result = .timedOut
            case .remoteConnectionClosed?: result = .prematureClose
            default: result = .socketIssue
            }
            return RealtimeExchange(result: result, status: nil, body: [], elapsed: clock.now - start)
        }
    }
}
