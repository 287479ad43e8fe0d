public import AppStoreModels
public import Foundation

/// Apple's Retention Messaging API (access on request): the images and messages shown when a
/// subscriber may cancel, the default message per product and locale, the URL of the app's Get
/// Retention Message endpoint and the sandbox performance test that must pass before a
/// production URL is accepted. It shares the App Store Server API's hosts, authentication, error
/// bodies and per-endpoint budgets (Configure Default Message 10 per second, every other 1).
public protocol AppStoreRetentionMessagingAPI: Sendable {
    /// Upload Image: an opaque PNG under an identifier of the caller's choosing, at `imageSize`
    /// (full-size 3840 × 160–2160, or a 1024 × 1024 bullet point; `nil` sends no parameter and
    /// Apple takes full-size). Not idempotent: the identifier of an image uploaded before answers
    /// `imageAlreadyExists`.
    func uploadRetentionImage(imageIdentifier: UUID, png: [UInt8], imageSize: RetentionImageSize?) async throws(AppStoreAPIError)
    /// Get Image List: every uploaded image and its review state.
    func getRetentionImageList() async throws(AppStoreAPIError) -> GetImageListResponse
    /// Delete Image; refused with `imageInUse` while a message shows it.
    func deleteRetentionImage(imageIdentifier: UUID) async throws(AppStoreAPIError)
    /// Upload Message. Not idempotent, like Upload Image.
    func uploadRetentionMessage(messageIdentifier: UUID, message: UploadMessageRequestBody) async throws(AppStoreAPIError)
    /// Get Message List: every uploaded message and its review state.
    func getRetentionMessageList() async throws(AppStoreAPIError) -> GetMessageListResponse
    /// Delete Message.
    func deleteRetentionMessage(messageIdentifier: UUID) async throws(AppStoreAPIError)
    /// Configure Default Message: an approved text message for `productId` in `locale`, replacing
    /// any earlier one.
    func configureDefaultRetentionMessage(
        productId: String, locale: String, request: DefaultConfigurationRequest
    ) async throws(AppStoreAPIError)
    /// Get Default Message; `defaultMessageNotFound` when none is configured.
    func getDefaultRetentionMessage(productId: String, locale: String) async throws(AppStoreAPIError) -> DefaultConfigurationResponse
    /// Delete Default Message.
    func deleteDefaultRetentionMessage(productId: String, locale: String) async throws(AppStoreAPIError)
    /// Configure Realtime URL for the client's environment (`https://`, at most 256 characters);
    /// production needs a passed performance test first (`forbiddenNoPassingTest`).
    func configureRealtimeURL(_ request: RealtimeURLConfiguration) async throws(AppStoreAPIError)
    /// Get Realtime URL of the client's environment; `realtimeURLNotFound` when none is set.
    func getRealtimeURL() async throws(AppStoreAPIError) -> RealtimeURLConfiguration
    /// Delete Realtime URL of the client's environment.
    func deleteRealtimeURL() async throws(AppStoreAPIError)
    /// Initiate Performance Test (sandbox): Apple sends real-time requests naming
    /// `originalTransactionId` to the configured sandbox URL.
    func initiatePerformanceTest(_ request: PerformanceTestRequest) async throws(AppStoreAPIError) -> PerformanceTestResponse
    /// Get Performance Test Results of the test `requestId`.
    func getPerformanceTestResults(requestId: String) async throws(AppStoreAPIError) -> PerformanceTestResultResponse
}
