import AppStoreModels
import Foundation
import Hummingbird

/// The Retention Messaging API (Apple's paths from ``AppStoreServerEndpoint``): images, messages,
/// default messages and the real-time URL per environment, and the performance test, which Apple
/// serves in the sandbox only.
extension ServerAPIRoutes {
    func registerRetentionEndpoints(on group: RouterGroup<Context>) {
        serve(.uploadRetentionImage, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let id = try uuid("imageIdentifier", context)
            let png: [UInt8]
            do {
                png = try await HTTPSupport.body(of: request, limit: 20 << 20)
            } catch {
                throw APIRequestError(.invalidImage, reason: "Invalid request. The image is larger than allowed.")
            }
            let size = request.uri.queryParameters.get("imageSize").map(RetentionImageSize.init(rawValue:)) ?? .fullSize
            try simulator.apiCall { (engine, now) throws(APIRequestError) in
                try engine.uploadRetentionImage(id, png: png, size: size, bundleId: bundleId, environment: environment, at: now)
            }
            return HTTPSupport.empty(.ok)
        }
        serve(.getRetentionImageList, on: group) { (_, _, bundleId, _) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                HTTPSupport.json(engine.retention(bundleId, environment).imageList)
            }
        }
        serve(.deleteRetentionImage, on: group) { (_, context, bundleId, _) throws(APIRequestError) -> Response in
            let id = try uuid("imageIdentifier", context)
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                try engine.deleteRetentionImage(id, bundleId: bundleId, environment: environment)
            }
            return HTTPSupport.empty(.ok)
        }
        serve(.uploadRetentionMessage, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let id = try uuid("messageIdentifier", context)
            let body = try await decodeBody(UploadMessageRequestBody.self, request)
            try simulator.apiCall { (engine, now) throws(APIRequestError) in
                try engine.uploadRetentionMessage(id, body, bundleId: bundleId, environment: environment, at: now)
            }
            return HTTPSupport.empty(.ok)
        }
        serve(.getRetentionMessageList, on: group) { (_, _, bundleId, _) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                HTTPSupport.json(engine.retention(bundleId, environment).messageList)
            }
        }
        serve(.deleteRetentionMessage, on: group) { (_, context, bundleId, _) throws(APIRequestError) -> Response in
            let id = try uuid("messageIdentifier", context)
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                try engine.deleteRetentionMessage(id, bundleId: bundleId, environment: environment)
            }
            return HTTPSupport.empty(.ok)
        }
        registerDefaultAndURLEndpoints(on: group)
        serveSandboxOnly(.initiatePerformanceTest, on: group) { (request, _, bundleId) throws(APIRequestError) -> Response in
            let body = try await decodeBody(PerformanceTestRequest.self, request)
            return HTTPSupport.json(
                try await simulator.runPerformanceTest(bundleId: bundleId, originalTransactionId: body.originalTransactionId))
        }
        serveSandboxOnly(.getPerformanceTestResults, on: group) { (_, context, bundleId) throws(APIRequestError) -> Response in
            let id = context.parameters.get("requestId") ?? ""
            return try simulator.apiCall { (engine, _) throws(APIRequestError) in
                guard let result = engine.retention(bundleId, .sandbox).performanceTests[id] else {
                    throw APIRequestError(.performanceTestRunNotFound, reason: "The performance test was not found.")
                }
                return HTTPSupport.json(result)
            }
        }
    }

    private func registerDefaultAndURLEndpoints(on group: RouterGroup<Context>) {
        serve(.configureDefaultRetentionMessage, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            let body = try await decodeBody(DefaultConfigurationRequest.self, request)
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                try engine.configureDefaultRetentionMessage(
                    productId: context.parameters.get("productId") ?? "", locale: context.parameters.get("locale") ?? "",
                    messageIdentifier: body.messageIdentifier, bundleId: bundleId, environment: environment)
            }
            return HTTPSupport.empty(.ok)
        }
        serve(.getDefaultRetentionMessage, on: group) { (_, context, bundleId, _) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                HTTPSupport.json(
                    DefaultConfigurationResponse(
                        messageIdentifier: try engine.defaultRetentionMessage(
                            productId: context.parameters.get("productId") ?? "", locale: context.parameters.get("locale") ?? "",
                            bundleId: bundleId, environment: environment)))
            }
        }
        serve(.deleteDefaultRetentionMessage, on: group) { (_, context, bundleId, _) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                try engine.deleteDefaultRetentionMessage(
                    productId: context.parameters.get("productId") ?? "", locale: context.parameters.get("locale") ?? "",
                    bundleId: bundleId, environment: environment)
            }
            return HTTPSupport.empty(.ok)
        }
        serve(.configureRealtimeURL, on: group) { (request, _, bundleId, _) throws(APIRequestError) -> Response in
            let body = try await decodeBody(RealtimeURLConfiguration.self, request)
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                try engine.configureRealtimeURL(body.realtimeURL, bundleId: bundleId, environment: environment)
            }
            return HTTPSupport.empty(.ok)
        }
        serve(.getRealtimeURL, on: group) { (_, _, bundleId, _) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                HTTPSupport.json(
                    RealtimeURLConfiguration(realtimeURL: try engine.realtimeURL(bundleId: bundleId, environment: environment)))
            }
        }
        serve(.deleteRealtimeURL, on: group) { (_, _, bundleId, _) throws(APIRequestError) -> Response in
            try simulator.apiCall { (engine, _) throws(APIRequestError) in
                try engine.deleteRealtimeURL(bundleId: bundleId, environment: environment)
            }
            return HTTPSupport.empty(.ok)
        }
    }

    private func uuid(_ name: String, _ context: Context) throws(APIRequestError) -> UUID {
        guard let id = context.parameters.get(name).flatMap(UUID.init(uuidString:)) else {
            throw APIRequestError(.generalBadRequest, reason: "Invalid request. The \(name) is not a UUID.")
        }
        return id
    }

    /// An endpoint Apple serves in the sandbox only; production answers as for an unknown path.
    private func serveSandboxOnly(
        _ endpoint: AppStoreServerEndpoint, on group: RouterGroup<Context>,
        _ body: @escaping @Sendable (Request, Context, String) async throws(APIRequestError) -> Response
    ) {
        serve(endpoint, on: group) { (request, context, bundleId, _) throws(APIRequestError) -> Response in
            guard environment == .sandbox else { return HTTPSupport.text("Not Found\n", status: .notFound) }
            return try await body(request, context, bundleId)
        }
    }
}
