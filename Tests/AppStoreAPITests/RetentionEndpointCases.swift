import AppStoreModels
import Foundation

@testable import AppStoreAPI

/// The Retention Messaging endpoints as Apple documents them (paths, methods, bodies), for
/// ``EndpointEncodingTests``.
let retentionEndpointCases: [EndpointCase] = [
    EndpointCase(
        endpoint: .uploadRetentionImage, method: "PUT", path: "/inApps/v1/messaging/image/\(retentionImage)",
        query: [("imageSize", "BULLET_POINT")], binaryBody: ("image/png", retentionPNG), response: .empty(200),
        call: { api in
            try await retention(api).uploadRetentionImage(
                imageIdentifier: UUID(uuidString: retentionImage)!, png: retentionPNG, imageSize: .bulletPoint)
            return "uploaded"
        },
        expectedSummary: "uploaded"),
    EndpointCase(
        endpoint: .getRetentionImageList, method: "GET", path: "/inApps/v1/messaging/image/list",
        response: .json(200, #"{"imageIdentifiers":[{"imageIdentifier":"\#(retentionImage)","imageState":"PENDING"}]}"#),
        call: { try await retention($0).getRetentionImageList().imageIdentifiers?.first?.imageState?.rawValue ?? "nil" },
        expectedSummary: "PENDING"),
    EndpointCase(
        endpoint: .deleteRetentionImage, method: "DELETE", path: "/inApps/v1/messaging/image/\(retentionImage)",
        response: .empty(200),
        call: { api in
            try await retention(api).deleteRetentionImage(imageIdentifier: UUID(uuidString: retentionImage)!)
            return "deleted"
        },
        expectedSummary: "deleted"),
    EndpointCase(
        endpoint: .uploadRetentionMessage, method: "PUT", path: "/inApps/v1/messaging/message/\(retentionMessage)",
        body: #"{"header":"Stay","body":"Half price for 3 months","headerPosition":"ABOVE_BODY"}"#, response: .empty(200),
        call: { api in
            try await retention(api).uploadRetentionMessage(
                messageIdentifier: UUID(uuidString: retentionMessage)!,
                message: UploadMessageRequestBody(header: "Stay", body: "Half price for 3 months", headerPosition: .aboveBody))
            return "uploaded"
        },
        expectedSummary: "uploaded"),
    EndpointCase(
        endpoint: .getRetentionMessageList, method: "GET", path: "/inApps/v1/messaging/message/list",
        response: .json(200, #"{"messageIdentifiers":[{"messageIdentifier":"\#(retentionMessage)","messageState":"APPROVED"}]}"#),
        call: { try await retention($0).getRetentionMessageList().messageIdentifiers?.first?.messageState?.rawValue ?? "nil" },
        expectedSummary: "APPROVED"),
    EndpointCase(
        endpoint: .deleteRetentionMessage, method: "DELETE", path: "/inApps/v1/messaging/message/\(retentionMessage)",
        response: .empty(200),
        call: { api in
            try await retention(api).deleteRetentionMessage(messageIdentifier: UUID(uuidString: retentionMessage)!)
            return "deleted"
        },
        expectedSummary: "deleted"),
    EndpointCase(
        endpoint: .configureDefaultRetentionMessage, method: "PUT", path: "/inApps/v1/messaging/default/com.example.monthly/en-US",
        body: #"{"messageIdentifier":"\#(retentionMessage.uppercased())"}"#, response: .empty(200),
        call: { api in
            try await retention(api).configureDefaultRetentionMessage(
                productId: "com.example.monthly", locale: "en-US",
                request: DefaultConfigurationRequest(messageIdentifier: UUID(uuidString: retentionMessage)!))
            return "configured"
        },
        expectedSummary: "configured"),
    EndpointCase(
        endpoint: .getDefaultRetentionMessage, method: "GET", path: "/inApps/v1/messaging/default/com.example.monthly/en-US",
        response: .json(200, #"{"messageIdentifier":"\#(retentionMessage)"}"#),
        call: {
            try await retention($0).getDefaultRetentionMessage(productId: "com.example.monthly", locale: "en-US")
                .messageIdentifier?.uuidString.lowercased() ?? "nil"
        },
        expectedSummary: retentionMessage),
    EndpointCase(
        endpoint: .deleteDefaultRetentionMessage, method: "DELETE",
        path: "/inApps/v1/messaging/default/com.example.monthly/en-US", response: .empty(200),
        call: { api in
            try await retention(api).deleteDefaultRetentionMessage(productId: "com.example.monthly", locale: "en-US")
            return "deleted"
        },
        expectedSummary: "deleted"),
    EndpointCase(
        endpoint: .configureRealtimeURL, method: "PUT", path: "/inApps/v1/messaging/realtime/url",
        body: #"{"realtimeURL":"https://example.com/v1/apps/demo/retention"}"#, response: .empty(200),
        call: { api in
            try await retention(api).configureRealtimeURL(
                RealtimeURLConfiguration(realtimeURL: "https://example.com/v1/apps/demo/retention"))
            return "configured"
        },
        expectedSummary: "configured"),
    EndpointCase(
        endpoint: .getRealtimeURL, method: "GET", path: "/inApps/v1/messaging/realtime/url",
        response: .json(200, #"{"realtimeURL":"https://example.com/r"}"#),
        call: { try await retention($0).getRealtimeURL().realtimeURL ?? "nil" },
        expectedSummary: "https://example.com/r"),
    EndpointCase(
        endpoint: .deleteRealtimeURL, method: "DELETE", path: "/inApps/v1/messaging/realtime/url", response: .empty(200),
        call: { api in
            try await retention(api).deleteRealtimeURL()
            return "deleted"
        },
        expectedSummary: "deleted"),
    EndpointCase(
        endpoint: .initiatePerformanceTest, method: "POST", path: "/inApps/v1/messaging/performanceTest",
        body: #"{"originalTransactionId":"2000000847061981"}"#,
        response: .json(
            200,
            #"{"requestId":"t-1","config":{"maxConcurrentRequests":4,"totalRequests":20,"totalDuration":3500,"#
                + #""responseTimeThreshold":700,"successRateThreshold":90}}"#),
        call: { api in
            let test = try await retention(api).initiatePerformanceTest(PerformanceTestRequest(originalTransactionId: "2000000847061981"))
            return "\(test.requestId ?? "nil") \(test.config?.responseTimeThreshold ?? 0)"
        },
        expectedSummary: "t-1 700"),
    EndpointCase(
        endpoint: .getPerformanceTestResults, method: "GET", path: "/inApps/v1/messaging/performanceTest/result/t-1",
        response: .json(
            200,
            #"{"result":"PASS","successRate":100,"numPending":0,"target":"https://example.com/r","#
                + #""responseTimes":{"average":4,"p50":3,"p90":6,"p95":7,"p99":9},"failures":{}}"#),
        call: { api in
            let result = try await retention(api).getPerformanceTestResults(requestId: "t-1")
            return "\(result.result?.rawValue ?? "nil") \(result.responseTimes?.p99 ?? -1)"
        },
        expectedSummary: "PASS 9"),
]

private let retentionImage = "7389a31a-fb6d-4569-a2a6-db7d85d84813"
private let retentionMessage = "1b0a5f7c-4e0e-4d4e-9d62-3f1c3c6a7b10"
private let retentionPNG: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

/// The Retention Messaging endpoints of the client under test (a separate protocol).
private func retention(_ api: any AppStoreServerAPI) throws -> any AppStoreRetentionMessagingAPI {
    guard let retention = api as? any AppStoreRetentionMessagingAPI else { throw CancellationError() }
    return retention
}
