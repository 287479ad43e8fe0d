import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import Foundation
import StorekeeperTesting

/// What each Retention Messaging endpoint needs in the simulator's sandbox: an image no message
/// shows, an approved message set as the default of the monthly plan, a real-time URL (nothing
/// listens there: the performance test's requests fail fast) and a finished performance test.
struct RetentionFixture {
    var image: UUID
    var message: UUID
    var performanceTest: String
    var monthly: String

    static let png = TestPNG.make(width: 3840, height: 160)

    static func make(_ api: AppStoreServerAPIClient, monthly: String) async throws -> RetentionFixture {
        let image = UUID()
        let message = UUID()
        try await api.uploadRetentionImage(imageIdentifier: image, png: png, imageSize: nil)
        try await api.uploadRetentionMessage(
            messageIdentifier: message, message: UploadMessageRequestBody(header: "Stay", body: "We miss you"))
        try await api.configureDefaultRetentionMessage(
            productId: DemoCatalog.monthly, locale: "en-US", request: DefaultConfigurationRequest(messageIdentifier: message))
        try await api.configureRealtimeURL(RealtimeURLConfiguration(realtimeURL: "https://example.com/retention"))
        let test = try await api.initiatePerformanceTest(PerformanceTestRequest(originalTransactionId: monthly))
        return RetentionFixture(image: image, message: message, performanceTest: test.requestId ?? "", monthly: monthly)
    }

    /// Calls one Retention Messaging endpoint through the client.
    func call(_ endpoint: AppStoreServerEndpoint, _ api: AppStoreServerAPIClient) async throws(AppStoreAPIError) {
        switch endpoint {
        case .uploadRetentionImage:
            try await api.uploadRetentionImage(imageIdentifier: UUID(), png: Self.png, imageSize: .fullSize)
        case .getRetentionImageList:
            _ = try await api.getRetentionImageList()
        case .deleteRetentionImage:
            try await api.deleteRetentionImage(imageIdentifier: image)
        case .uploadRetentionMessage:
            try await api.uploadRetentionMessage(messageIdentifier: UUID(), message: UploadMessageRequestBody(header: "Hi", body: "Stay"))
        case .getRetentionMessageList:
            _ = try await api.getRetentionMessageList()
        case .deleteRetentionMessage:
            try await api.deleteRetentionMessage(messageIdentifier: message)
        case .configureDefaultRetentionMessage:
            try await api.configureDefaultRetentionMessage(
                productId: DemoCatalog.monthly, locale: "en-GB", request: DefaultConfigurationRequest(messageIdentifier: message))
        case .getDefaultRetentionMessage:
            _ = try await api.getDefaultRetentionMessage(productId: DemoCatalog.monthly, locale: "en-US")
        case .deleteDefaultRetentionMessage:
            try await api.deleteDefaultRetentionMessage(productId: DemoCatalog.monthly, locale: "en-US")
        case .configureRealtimeURL:
            try await api.configureRealtimeURL(RealtimeURLConfiguration(realtimeURL: "https://example.com/retention"))
        case .getRealtimeURL:
            _ = try await api.getRealtimeURL()
        case .deleteRealtimeURL:
            try await api.deleteRealtimeURL()
        case .initiatePerformanceTest:
            _ = try await api.initiatePerformanceTest(PerformanceTestRequest(originalTransactionId: monthly))
        case .getPerformanceTestResults:
            _ = try await api.getPerformanceTestResults(requestId: performanceTest)
        default:
            throw AppStoreAPIError(.invalidRequest, "not a Retention Messaging endpoint: \(endpoint)")
        }
    }
}

/// The harness's app server for real-time retention requests: none is reachable.
struct UnreachableRealtimeTransport: RealtimeTransport {
    func post(_ body: [UInt8], to url: String) async -> RealtimeExchange {
        RealtimeExchange(result: .socketIssue, status: nil, body: [], elapsed: .zero)
    }
}
