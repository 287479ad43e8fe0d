public import AppStoreModels
public import Foundation

/// The Retention Messaging endpoints; each path, method and budget comes from
/// ``AppStoreServerEndpoint`` like every endpoint of the client.
extension AppStoreServerAPIClient: AppStoreRetentionMessagingAPI {
    public func uploadRetentionImage(
        imageIdentifier: UUID, png: [UInt8], imageSize: RetentionImageSize?
    ) async throws(AppStoreAPIError) {
        var call = EndpointCall(
            endpoint: .uploadRetentionImage, parameters: Self.segment(imageIdentifier),
            query: imageSize.map { [URLQueryItem(name: "imageSize", value: $0.rawValue)] } ?? [], body: png)
        call.contentType = "image/png"
        _ = try await perform(call)
    }

    public func getRetentionImageList() async throws(AppStoreAPIError) -> GetImageListResponse {
        try await perform(EndpointCall(endpoint: .getRetentionImageList), as: GetImageListResponse.self)
    }

    public func deleteRetentionImage(imageIdentifier: UUID) async throws(AppStoreAPIError) {
        _ = try await perform(EndpointCall(endpoint: .deleteRetentionImage, parameters: Self.segment(imageIdentifier)))
    }

    public func uploadRetentionMessage(
        messageIdentifier: UUID, message: UploadMessageRequestBody
    ) async throws(AppStoreAPIError) {
        let endpoint = AppStoreServerEndpoint.uploadRetentionMessage
        _ = try await perform(
            EndpointCall(endpoint: endpoint, parameters: Self.segment(messageIdentifier), body: try encode(message, for: endpoint)))
    }

    public func getRetentionMessageList() async throws(AppStoreAPIError) -> GetMessageListResponse {
        try await perform(EndpointCall(endpoint: .getRetentionMessageList), as: GetMessageListResponse.self)
    }

    public func deleteRetentionMessage(messageIdentifier: UUID) async throws(AppStoreAPIError) {
        _ = try await perform(EndpointCall(endpoint: .deleteRetentionMessage, parameters: Self.segment(messageIdentifier)))
    }

    public func configureDefaultRetentionMessage(
        productId: String, locale: String, request: DefaultConfigurationRequest
    ) async throws(AppStoreAPIError) {
        let endpoint = AppStoreServerEndpoint.configureDefaultRetentionMessage
        let (product, locale) = try Self.productAndLocale(productId, locale, endpoint)
        _ = try await perform(EndpointCall(endpoint: endpoint, parameters: product, locale, body: try encode(request, for: endpoint)))
    }

    public func getDefaultRetentionMessage(
        productId: String, locale: String
    ) async throws(AppStoreAPIError) -> DefaultConfigurationResponse {
        let endpoint = AppStoreServerEndpoint.getDefaultRetentionMessage
        let (product, locale) = try Self.productAndLocale(productId, locale, endpoint)
        return try await perform(EndpointCall(endpoint: endpoint, parameters: product, locale), as: DefaultConfigurationResponse.self)
    }

    public func deleteDefaultRetentionMessage(productId: String, locale: String) async throws(AppStoreAPIError) {
        let endpoint = AppStoreServerEndpoint.deleteDefaultRetentionMessage
        let (product, locale) = try Self.productAndLocale(productId, locale, endpoint)
        _ = try await perform(EndpointCall(endpoint: endpoint, parameters: product, locale))
    }

    public func configureRealtimeURL(_ request: RealtimeURLConfiguration) async throws(AppStoreAPIError) {
        let endpoint = AppStoreServerEndpoint.configureRealtimeURL
        _ = try await perform(EndpointCall(endpoint: endpoint, body: try encode(request, for: endpoint)))
    }

    public func getRealtimeURL() async throws(AppStoreAPIError) -> RealtimeURLConfiguration {
        try await perform(EndpointCall(endpoint: .getRealtimeURL), as: RealtimeURLConfiguration.self)
    }

    public func deleteRealtimeURL() async throws(AppStoreAPIError) {
        _ = try await perform(EndpointCall(endpoint: .deleteRealtimeURL))
    }

    public func initiatePerformanceTest(
        _ request: PerformanceTestRequest
    ) async throws(AppStoreAPIError) -> PerformanceTestResponse {
        let endpoint = AppStoreServerEndpoint.initiatePerformanceTest
        return try await perform(
            EndpointCall(endpoint: endpoint, body: try encode(request, for: endpoint)), as: PerformanceTestResponse.self)
    }

    public func getPerformanceTestResults(requestId: String) async throws(AppStoreAPIError) -> PerformanceTestResultResponse {
        let id = try PathEncoding.require(requestId, "requestId", for: .getPerformanceTestResults)
        return try await perform(EndpointCall(endpoint: .getPerformanceTestResults, parameters: id), as: PerformanceTestResultResponse.self)
    }

    /// Apple's identifiers of images and messages are lowercase UUIDs.
    private static func segment(_ id: UUID) -> String { id.lowercasedString }

    private static func productAndLocale(
        _ productId: String, _ locale: String, _ endpoint: AppStoreServerEndpoint
    ) throws(AppStoreAPIError) -> (String, String) {
        (try PathEncoding.require(productId, "productId", for: endpoint), try PathEncoding.require(locale, "locale", for: endpoint))
    }
}
