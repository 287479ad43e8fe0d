public import AppStoreModels
public import AsyncHTTPClient
import Foundation
public import NIOCore

/// Carries a notification body to an app's server and reports the outcome in Apple's
/// `sendAttemptResult` terms.
public protocol NotificationTransport: Sendable {
    func post(_ body: [UInt8], to url: String) async -> SendAttemptResult
}

/// Posts notifications with AsyncHTTPClient. HTTP 200–206 is `SUCCESS`; any other status is
/// `UNSUCCESSFUL_HTTP_RESPONSE_CODE`; timeouts, refused connections, early closes, TLS
/// failures and redirect loops map to Apple's other results.
public struct HTTPNotificationTransport: NotificationTransport {
    public let client: HTTPClient
    public let timeout: TimeAmount

    public init(client: HTTPClient = .shared, timeout: TimeAmount = .seconds(10)) {
        self.client = client
        self.timeout = timeout
    }

    public func post(_ body: [UInt8], to url: String) async -> SendAttemptResult {
        let request = HTTPClientRequest.simulatorPost(body, to: url)
        do {
            let response = try await client.execute(request, timeout: timeout)
            _ = try? await response.body.collect(upTo: 64 * 1024)
            return (200...206).contains(Int(response.status.code)) ? .success : .unsuccessfulHTTPResponseCode
        } catch let error as HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout, .getConnectionFromPoolTimeout:
                return .timedOut
            case .remoteConnectionClosed: return .prematureClose
            case .redirectCycleDetected, .redirectLimitReached: return .circularRedirect
            case .tlsHandshakeTimeout: return .tlsIssue
            default: return .other
            }
        } catch {
            let text = String(describing: error)
            if text.contains("refused") || text.contains("connect") { return .socketIssue }
            if text.contains("SSL") || text.contains("TLS") { return .tlsIssue }
            return .noResponse
        }
    }
}

extension HTTPClientRequest {
    /// A JSON body POSTed to an app's server as the simulated App Store sends it (notifications
    /// and real-time retention requests alike).
    static func simulatorPost(_ body: [UInt8], to url: String) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "App Store Simulator (Storekeeper)")
        request.body = .bytes(ByteBuffer(bytes: body))
        return request
    }
}
