import AppStoreModels
import Foundation

/// The Retention Messaging API's content: images, messages, default messages, the real-time
/// URL. Each app has one setup per environment, checked and refused as Apple documents
/// (lengths, PNG images, identifiers uploaded once, approved content for defaults).
extension SimulationEngine {
    static let maximumRetentionItems = 2_000

    static func retentionKey(_ bundleId: String, _ environment: AppStoreEnvironment) -> String {
        bundleId + "\n" + environment.rawValue
    }

    func retention(_ bundleId: String, _ environment: AppStoreEnvironment) -> SimulatedRetention {
        state.retention[Self.retentionKey(bundleId, environment)] ?? SimulatedRetention()
    }

    mutating func updateRetention<T>(
        _ bundleId: String, _ environment: AppStoreEnvironment,
        _ body: (inout SimulatedRetention) throws(APIRequestError) -> T
    ) throws(APIRequestError) -> T {
        var setup = retention(bundleId, environment)
        let result = try body(&setup)
        state.retention[Self.retentionKey(bundleId, environment)] = setup
        return result
    }

    /// Uploads start pending; Apple approves sandbox content at once.
    private func initialState(_ setup: SimulatedRetention, _ environment: AppStoreEnvironment) -> RetentionReviewState {
        setup.review == .apple && environment != .production ? .approved : .pending
    }

    mutating func uploadRetentionImage(
        _ id: UUID, png: [UInt8], size: RetentionImageSize, bundleId: String, environment: AppStoreEnvironment, at time: Timestamp
    ) throws(APIRequestError) {
        guard RetentionImageSize.knownValues.contains(size) else {
            throw APIRequestError(.badRequestImageSize, reason: "Invalid request. The image's size is invalid.")
        }
        if let problem = RetentionImageCheck.problem(png, size: size) {
            throw APIRequestError(.invalidImage, reason: "Invalid request. The image is invalid: \(problem).")
        }
        let initial = initialState(retention(bundleId, environment), environment)
        try updateRetention(bundleId, environment) { (setup) throws(APIRequestError) in
            guard setup.images[id] == nil else {
                throw APIRequestError(.imageAlreadyExists, reason: "Invalid request. The image identifier already exists.")
            }
            guard setup.images.count < Self.maximumRetentionItems else {
                throw APIRequestError(.maximumNumberOfImagesReached, reason: "The maximum number of images was reached.")
            }
            setup.images[id] = .init(imageIdentifier: id, state: initial, byteCount: png.count, imageSize: size, uploadedAt: time)
        }
    }

    mutating func deleteRetentionImage(_ id: UUID, bundleId: String, environment: AppStoreEnvironment) throws(APIRequestError) {
        try updateRetention(bundleId, environment) { (setup) throws(APIRequestError) in
            guard setup.images[id] != nil else {
                throw APIRequestError(.imageNotFound, reason: "Invalid request. The image was not found.")
            }
            guard !setup.messages.values.contains(where: { $0.imageIdentifiers.contains(id) }) else {
                throw APIRequestError(.imageInUse, reason: "Invalid request. The image is in use by a message.")
            }
            setup.images[id] = nil
        }
    }

    mutating func uploadRetentionMessage(
        _ id: UUID, _ content: UploadMessageRequestBody, bundleId: String, environment: AppStoreEnvironment, at time: Timestamp
    ) throws(APIRequestError) {
        if let problem = content.problem { throw Self.refusal(problem) }
        let initial = initialState(retention(bundleId, environment), environment)
        try updateRetention(bundleId, environment) { (setup) throws(APIRequestError) in
            guard setup.messages[id] == nil else {
                throw APIRequestError(.messageAlreadyExists, reason: "Invalid request. The message identifier already exists.")
            }
            guard setup.messages.count < Self.maximumRetentionItems else {
                throw APIRequestError(.maximumNumberOfMessagesReached, reason: "The maximum number of messages was reached.")
            }
            let message = SimulatedRetention.Message(
                messageIdentifier: id, state: initial, content: content, uploadedAt: time)
            guard message.imageIdentifiers.allSatisfy({ setup.images[$0] != nil }) else {
                throw APIRequestError(.imageNotFound, reason: "Invalid request. The message names an image that was not found.")
            }
            // A message's image is full-size, a bullet point's icon bullet-point size.
            let sizes =
                (content.image.map { [($0.imageIdentifier, RetentionImageSize.fullSize)] } ?? [])
                + (content.bulletPoints ?? []).map { ($0.imageIdentifier, RetentionImageSize.bulletPoint) }
            guard sizes.allSatisfy({ (setup.images[$0.0]?.imageSize ?? .fullSize) == $0.1 }) else {
                throw APIRequestError(.badRequestImageSize, reason: "Invalid request. The image's size is invalid.")
            }
            setup.messages[id] = message
        }
    }

    /// Apple's error for each problem of a message's text, with Apple's messages.
    static func refusal(_ problem: UploadMessageRequestBody.Problem) -> APIRequestError {
        switch problem {
        case .headerTooLong: APIRequestError(.headerTooLong, reason: "Invalid request. The header is too long.")
        case .bodyTooLong: APIRequestError(.bodyTooLong, reason: "Invalid request. The body is too long.")
        case .altTextTooLong: APIRequestError(.altTextTooLong, reason: "Invalid request. The alternative text is too long.")
        case .tooManyBulletPoints:
            APIRequestError(.tooManyBulletPoints, reason: "Invalid request. The number of bullet points is too many.")
        case .bulletPointTextTooLong:
            APIRequestError(.bulletPointTextTooLong, reason: "Invalid request. The bullet point text is too long.")
        case .aboveImageRequiresAnImage:
            APIRequestError(.generalBadRequest, reason: "Invalid request. The header above the image requires an image.")
        }
    }

    mutating func deleteRetentionMessage(_ id: UUID, bundleId: String, environment: AppStoreEnvironment) throws(APIRequestError) {
        try updateRetention(bundleId, environment) { (setup) throws(APIRequestError) in
            guard setup.messages.removeValue(forKey: id) != nil else {
                throw APIRequestError(.messageNotFound, reason: "Invalid request. The message was not found.")
            }
            setup.defaults = setup.defaults.filter { $0.value != id }
        }
    }

    mutating func configureDefaultRetentionMessage(
        productId: String, locale: String, messageIdentifier: UUID, bundleId: String, environment: AppStoreEnvironment
    ) throws(APIRequestError) {
        try requireRetentionProduct(productId, bundleId: bundleId)
        try requireLocale(locale)
        try updateRetention(bundleId, environment) { (setup) throws(APIRequestError) in
            guard let message = setup.messages[messageIdentifier] else {
                throw APIRequestError(.messageNotFound, reason: "Invalid request. The message was not found.")
            }
            guard message.state == .approved else {
                throw APIRequestError(.messageNotApproved, reason: "Invalid request. The message is not approved.")
            }
            guard message.imageIdentifiers.allSatisfy({ setup.images[$0]?.state == .approved }) else {
                throw APIRequestError(.imageNotApproved, reason: "Invalid request. The message's image is not approved.")
            }
            setup.defaults[SimulatedRetention.defaultKey(productId: productId, locale: locale)] = messageIdentifier
        }
    }

    func defaultRetentionMessage(
        productId: String, locale: String, bundleId: String, environment: AppStoreEnvironment
    ) throws(APIRequestError) -> UUID {
        try requireRetentionProduct(productId, bundleId: bundleId)
        try requireLocale(locale)
        guard let id = retention(bundleId, environment).defaults[SimulatedRetention.defaultKey(productId: productId, locale: locale)]
        else { throw APIRequestError(.defaultMessageNotFound, reason: "Invalid request. No default message is configured.") }
        return id
    }

    mutating func deleteDefaultRetentionMessage(
        productId: String, locale: String, bundleId: String, environment: AppStoreEnvironment
    ) throws(APIRequestError) {
        _ = try defaultRetentionMessage(productId: productId, locale: locale, bundleId: bundleId, environment: environment)
        try updateRetention(bundleId, environment) { (setup) throws(APIRequestError) in
            setup.defaults[SimulatedRetention.defaultKey(productId: productId, locale: locale)] = nil
        }
    }

    mutating func configureRealtimeURL(_ url: String?, bundleId: String, environment: AppStoreEnvironment) throws(APIRequestError) {
        guard let url, url.hasPrefix("https://") || url.hasPrefix("http://"), url.count <= RealtimeURLConfiguration.maximumLength,
            URL(string: url)?.host != nil
        else {
            // The simulator also accepts http:// so that a server on loopback can be reached.
            throw APIRequestError(.generalBadRequest, reason: "Invalid request. The real-time URL is invalid.")
        }
        if environment == .production, !retention(bundleId, .sandbox).passedPerformanceTest {
            throw APIRequestError(
                .forbiddenNoPassingTest, reason: "A passed performance test is needed before a production real-time URL.")
        }
        try updateRetention(bundleId, environment) { $0.realtimeURL = url }
    }

    func realtimeURL(bundleId: String, environment: AppStoreEnvironment) throws(APIRequestError) -> String {
        guard let url = retention(bundleId, environment).realtimeURL else {
            throw APIRequestError(.realtimeURLNotFound, reason: "The real-time URL was not found.")
        }
        return url
    }

    mutating func deleteRealtimeURL(bundleId: String, environment: AppStoreEnvironment) throws(APIRequestError) {
        _ = try realtimeURL(bundleId: bundleId, environment: environment)
        try updateRetention(bundleId, environment) { $0.realtimeURL = nil }
    }

    /// The control API's review: the state Apple's reviewers would set.
    mutating func reviewRetention(
        _ id: UUID, state newState: RetentionReviewState, bundleId: String, environment: AppStoreEnvironment
    ) throws(SimulatorError) {
        var setup = retention(bundleId, environment)
        if setup.messages[id] != nil {
            setup.messages[id]?.state = newState
        } else if setup.images[id] != nil {
            setup.images[id]?.state = newState
        } else {
            throw .notFound("no retention message or image \(id) for \(bundleId) in \(environment)")
        }
        state.retention[Self.retentionKey(bundleId, environment)] = setup
    }

    private func requireRetentionProduct(_ productId: String, bundleId: String) throws(APIRequestError) {
        guard (try? product(productId, in: bundleId))?.isAutoRenewable == true else {
            throw APIRequestError(.invalidProductId, reason: "Invalid request. The product identifier is invalid.")
        }
    }

    /// A BCP 47 tag such as `en-US`; `en_US` is refused as Apple refuses it.
    private func requireLocale(_ locale: String) throws(APIRequestError) {
        let parts = locale.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }),
            (2...3).contains(parts[0].count)
        else { throw APIRequestError(.invalidLocale, reason: "Invalid request. The locale is invalid.") }
    }
}

extension SimulatedRetention {
    var imageList: GetImageListResponse {
        GetImageListResponse(
            imageIdentifiers: images.values.sorted {
                ($0.uploadedAt, $0.imageIdentifier.uuidString) < ($1.uploadedAt, $1.imageIdentifier.uuidString)
            }
            .map { GetImageListResponseItem(imageIdentifier: $0.imageIdentifier, imageState: $0.state) })
    }

    var messageList: GetMessageListResponse {
        GetMessageListResponse(
            messageIdentifiers: messages.values.sorted {
                ($0.uploadedAt, $0.messageIdentifier.uuidString) < ($1.uploadedAt, $1.messageIdentifier.uuidString)
            }.map { GetMessageListResponseItem(messageIdentifier: $0.messageIdentifier, messageState: $0.state) })
    }
}
