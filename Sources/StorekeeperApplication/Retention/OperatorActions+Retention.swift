import AppStoreAPI
import AppStoreModels
import Foundation
import Storekeeper
package import StorekeeperAPIModels
import StorekeeperStore

/// Retention Messaging for operators: the app's rules (a store change), and the messages, images,
/// default messages, real-time URL and performance test at Apple (asked once per idempotency key,
/// the upload's identifier derived from the key), each audited with who, what and why.
extension OperatorActions {
    /// Replaces the app's rules after checking them against its catalog.
    package func setRetentionRules(
        _ call: AdminCall, _ body: RetentionRulesRequest
    ) async throws -> AdminActionResponse<RetentionRulesResult> {
        let reason = try AdminActionBody.reason(body.reason)
        let key = try Self.appleActionKey(body.idempotencyKey)
        let rules = try body.rules.map { try $0.rule() }
        try RetentionRuleValidation.validate(rules, catalog: call.app.catalog)
        let now = now
        return try await runner.once(call, key: key, kind: "retention.rules", request: body) { tx in
            let revision = (try await tx.retentionSettings(appId: call.app.id)?.revision ?? 0) + 1
            let time = now()
            try await tx.saveRetentionSettings(
                RetentionSettings(appId: call.app.id, rules: rules, revision: revision, updatedAt: time, updatedBy: call.operator.name))
            try await tx.append(
                call.audit(
                    kind: "retention.rulesChanged", subject: "retention",
                    details: ["revision": String(revision), "rules": rules.map(\.id).joined(separator: ",")], reason: reason, at: time))
            return RetentionRulesResult(revision: revision, rules: rules.map(RetentionRuleBody.init))
        }
    }

    /// Uploads a message to Apple; it is kept with its text and Apple's review state.
    package func uploadRetentionMessage(
        _ call: AdminCall, _ body: RetentionMessageRequest
    ) async throws -> AdminActionResponse<RetentionActionResult> {
        let (reason, key, environment, client) = try retentionAction(call, body.reason, body.idempotencyKey, body.environment)
        let id = try Self.retentionIdentifier(call, "message", key)
        let message = try Self.uploadMessage(body)
        return try await atApple(call, key: key, kind: "retention.message.upload", request: body) {
            try await client.uploadRetentionMessage(messageIdentifier: id, message: message)
        } commit: { tx, time in
            try await tx.saveRetentionContent(
                RetentionContent(
                    appId: call.app.id, environment: environment, kind: .message, identifier: id, header: body.header, body: body.body,
                    imageIdentifier: message.image?.imageIdentifier, state: RetentionReviewState.pending.rawValue, uploadedAt: time,
                    updatedAt: time))
            var details = ["environment": environment.rawValue, "header": body.header]
            if let bullets = message.bulletPoints { details["bulletPoints"] = bullets.map(\.text).joined(separator: "\n") }
            try await tx.append(
                call.audit(
                    kind: "retention.messageUploaded", subject: "retention:\(id.lowercasedString)", details: details,
                    reason: reason, at: time))
            return RetentionActionResult(
                environment: environment.rawValue, identifier: id.lowercasedString, state: RetentionReviewState.pending.rawValue,
                performanceTest: nil)
        }
    }

    /// Uploads a PNG to Apple, once it is what Apple accepts (``RetentionImageCheck``): the
    /// admin API's base64 and the console's file upload both end here.
    package func uploadRetentionImage(
        _ call: AdminCall, _ body: RetentionImageRequest
    ) async throws -> AdminActionResponse<RetentionActionResult> {
        guard let png = Data(base64Encoded: body.png), !png.isEmpty else { throw StorekeeperError.invalidRequest("png is not base64") }
        return try await uploadRetentionImage(
            call, png: Array(png), imageSize: body.imageSize, reason: body.reason, idempotencyKey: body.idempotencyKey,
            environment: body.environment, request: body)
    }

    /// Uploads the PNG `png` at `imageSize` (`FULL_SIZE` when absent); `request` is what the
    /// idempotency key is bound to.
    private func uploadRetentionImage(
        _ call: AdminCall, png: [UInt8], imageSize: String?, reason: String, idempotencyKey: String, environment: String?,
        request: some Encodable & Sendable
    ) async throws -> AdminActionResponse<RetentionActionResult> {
        let (reason, key, environment, client) = try retentionAction(call, reason, idempotencyKey, environment)
        let size = imageSize.map(RetentionImageSize.init(rawValue:)) ?? .fullSize
        guard RetentionImageSize.knownValues.contains(size) else {
            throw StorekeeperError(.invalidRetentionImage, "imageSize is FULL_SIZE or BULLET_POINT", kind: .rejected)
        }
        if let problem = RetentionImageCheck.problem(png, size: size) {
            throw StorekeeperError(.invalidRetentionImage, problem.description, kind: .rejected)
        }
        let id = try Self.retentionIdentifier(call, "image", key)
        return try await atApple(call, key: key, kind: "retention.image.upload", request: request) {
            try await client.uploadRetentionImage(imageIdentifier: id, png: png, imageSize: size)
        } commit: { tx, time in
            try await tx.saveRetentionContent(
                RetentionContent(
                    appId: call.app.id, environment: environment, kind: .image, identifier: id,
                    state: RetentionReviewState.pending.rawValue, uploadedAt: time, updatedAt: time))
            try await tx.append(
                call.audit(
                    kind: "retention.imageUploaded", subject: "retention:\(id.lowercasedString)",
                    details: ["environment": environment.rawValue, "bytes": String(png.count), "imageSize": size.rawValue],
                    reason: reason, at: time))
            return RetentionActionResult(
                environment: environment.rawValue, identifier: id.lowercasedString, state: RetentionReviewState.pending.rawValue,
                performanceTest: nil)
        }
    }

    /// Deletes an uploaded message or image at Apple.
    package func deleteRetentionContent(
        _ call: AdminCall, identifier: String, _ body: RetentionActionRequest
    ) async throws -> AdminActionResponse<RetentionActionResult> {
        let (reason, key, environment, client) = try retentionAction(call, body.reason, body.idempotencyKey, body.environment)
        guard let id = UUID(uuidString: identifier) else { throw StorekeeperError.invalidRequest("the identifier is not a UUID") }
        let stored = try await store.read { try await $0.retentionContent(appId: call.app.id, environment: environment) }
        guard let content = stored.first(where: { $0.identifier == id }) else {
            throw StorekeeperError(.notFound, "no retention message or image \(identifier) in \(environment.rawValue)", kind: .notFound)
        }
        return try await atApple(call, key: key, kind: "retention.content.delete", request: body) {
            if content.kind == .message {
                try await client.deleteRetentionMessage(messageIdentifier: id)
            } else {
                try await client.deleteRetentionImage(imageIdentifier: id)
            }
        } commit: { tx, time in
            _ = try await tx.deleteRetentionContent(appId: call.app.id, environment: environment, identifier: id)
            try await tx.append(
                call.audit(
                    kind: "retention.\(content.kind.rawValue)Deleted", subject: "retention:\(identifier.lowercased())",
                    details: ["environment": environment.rawValue], reason: reason, at: time))
            return RetentionActionResult(
                environment: environment.rawValue, identifier: identifier.lowercased(), state: nil, performanceTest: nil)
        }
    }

    /// Sets (or, without a message, deletes) the default message of a product in a locale at Apple.
    package func setRetentionDefault(
        _ call: AdminCall, _ body: RetentionDefaultRequest
    ) async throws -> AdminActionResponse<RetentionActionResult> {
        let (reason, key, environment, client) = try retentionAction(call, body.reason, body.idempotencyKey, body.environment)
        guard call.app.catalog[body.productId]?.kind == .autoRenewableSubscription else {
            throw StorekeeperError(.unknownProduct, "\(body.productId) is not an auto-renewable subscription", kind: .rejected)
        }
        let message = try body.messageIdentifier.map { (text: String) throws -> UUID in
            guard let id = UUID(uuidString: text) else { throw StorekeeperError.invalidRequest("messageIdentifier is not a UUID") }
            return id
        }
        return try await atApple(call, key: key, kind: "retention.default", request: body) {
            if let message {
                try await client.configureDefaultRetentionMessage(
                    productId: body.productId, locale: body.locale, request: DefaultConfigurationRequest(messageIdentifier: message))
            } else {
                try await client.deleteDefaultRetentionMessage(productId: body.productId, locale: body.locale)
            }
        } commit: { tx, time in
            var details = ["environment": environment.rawValue, "productId": body.productId, "locale": body.locale]
            details["messageIdentifier"] = message?.lowercasedString
            try await tx.append(
                call.audit(
                    kind: message == nil ? "retention.defaultDeleted" : "retention.defaultSet", subject: "retention:default",
                    details: details, reason: reason, at: time))
            return RetentionActionResult(
                environment: environment.rawValue, identifier: message?.lowercasedString, state: nil, performanceTest: nil)
        }
    }

    /// Sets (or, without a URL, deletes) the real-time URL Apple calls in one environment.
    package func setRealtimeURL(_ call: AdminCall, _ body: RetentionURLRequest) async throws -> AdminActionResponse<RetentionActionResult> {
        let (reason, key, environment, client) = try retentionAction(call, body.reason, body.idempotencyKey, body.environment)
        if let url = body.realtimeURL {
            guard url.count <= RealtimeURLConfiguration.maximumLength, let parsed = URL(string: url), parsed.host != nil,
                ["https", "http"].contains(parsed.scheme ?? "")
            else { throw StorekeeperError.invalidRequest("realtimeURL must be an https URL of at most 256 characters") }
        }
        return try await atApple(call, key: key, kind: "retention.realtimeURL", request: body) {
            if let url = body.realtimeURL {
                try await client.configureRealtimeURL(RealtimeURLConfiguration(realtimeURL: url))
            } else {
                try await client.deleteRealtimeURL()
            }
        } commit: { tx, time in
            var details = ["environment": environment.rawValue]
            details["realtimeURL"] = body.realtimeURL
            try await tx.append(
                call.audit(
                    kind: body.realtimeURL == nil ? "retention.realtimeURLDeleted" : "retention.realtimeURLSet",
                    subject: "retention:realtimeURL", details: details, reason: reason, at: time))
            return RetentionActionResult(environment: environment.rawValue, identifier: nil, state: nil, performanceTest: nil)
        }
    }

    /// Runs Apple's performance test of the sandbox real-time URL and reads its result.
    package func runRetentionPerformanceTest(
        _ call: AdminCall, _ body: RetentionActionRequest
    ) async throws -> AdminActionResponse<RetentionActionResult> {
        let (reason, key, _, client) = try retentionAction(call, body.reason, body.idempotencyKey, AppStoreEnvironment.sandbox.rawValue)
        guard let transaction = body.originalTransactionId, !transaction.isEmpty else {
            throw StorekeeperError.invalidRequest("originalTransactionId names a sandbox subscription for the test's requests")
        }
        let started = try await Self.atApple {
            let test = try await client.initiatePerformanceTest(PerformanceTestRequest(originalTransactionId: transaction))
            return (test.requestId ?? "", try await client.getPerformanceTestResults(requestId: test.requestId ?? ""))
        }
        let result = RetentionPerformanceTestBody(
            requestId: started.0, result: started.1.result?.rawValue, successRate: started.1.successRate.map(Int.init),
            p50: started.1.responseTimes?.p50, p99: started.1.responseTimes?.p99)
        let now = now
        return try await runner.once(call, key: key, kind: "retention.performanceTest", request: body) { tx in
            let time = now()
            try await tx.append(
                call.audit(
                    kind: "retention.performanceTested", subject: "retention:realtimeURL",
                    details: [
                        "requestId": result.requestId, "result": result.result ?? "",
                        "successRate": result.successRate.map(String.init) ?? "",
                    ],
                    reason: reason, at: time))
            return RetentionActionResult(
                environment: AppStoreEnvironment.sandbox.rawValue, identifier: nil, state: nil, performanceTest: result)
        }
    }

    // MARK: Plumbing

    /// Apple's Upload Message body from the operator's request, refused as Apple would refuse it.
    static func uploadMessage(_ body: RetentionMessageRequest) throws -> UploadMessageRequestBody {
        func uuid(_ text: String, _ field: String) throws -> UUID {
            guard let id = UUID(uuidString: text) else {
                throw StorekeeperError(.invalidRetentionMessage, "\(field) is not a UUID", kind: .rejected)
            }
            return id
        }
        let image = try body.imageIdentifier.map {
            UploadMessageImage(imageIdentifier: try uuid($0, "imageIdentifier"), altText: body.altText ?? "")
        }
        let bullets = try body.bulletPoints.map { points in
            try points.map {
                BulletPoint(
                    text: $0.text, imageIdentifier: try uuid($0.imageIdentifier, "a bullet point's imageIdentifier"), altText: $0.altText)
            }
        }
        let message = UploadMessageRequestBody(
            header: body.header, body: body.body, image: image, bulletPoints: bullets?.isEmpty == true ? nil : bullets)
        if let problem = message.problem { throw StorekeeperError(.invalidRetentionMessage, problem.description, kind: .rejected) }
        return message
    }

    private func retentionAction(
        _ call: AdminCall, _ reason: String, _ key: String, _ environment: String?
    ) throws -> (String, String, AppStoreEnvironment, any AppStoreRetentionMessagingAPI) {
        let reason = try AdminActionBody.reason(reason)
        let key = try Self.appleActionKey(key)
        let environment = try AppleSide.environment(environment, of: call.app)
        return (reason, key, environment, try AppleSide.client(call.services.runtime, environment))
    }

    /// The identifier of an upload: derived from the action's key, so a retried request uploads
    /// under the same identifier (and Apple's 409 for it means it arrived before).
    static func retentionIdentifier(_ call: AdminCall, _ kind: String, _ key: String) throws -> UUID {
        guard let id = UUID(uuidString: AppleSide.requestIdentifier(app: call.app.id, action: "retention.\(kind)", key: key)) else {
            throw StorekeeperError(.internalError, "the derived identifier is not a UUID", kind: .internalFailure)
        }
        return id
    }

    /// Asks Apple once per key, then commits the audit (and what changed) with the key's record.
    /// An upload Apple already has under the derived identifier (409) is taken as done.
    private func atApple(
        _ call: AdminCall, key: String, kind: String, request: some Encodable & Sendable,
        perform: @escaping @Sendable () async throws -> Void,
        commit: nonisolated(nonsending) @escaping (any PurchaseStoreTransaction, Timestamp) async throws -> RetentionActionResult
    ) async throws -> AdminActionResponse<RetentionActionResult> {
        let now = now
        return try await onceAtApple(
            call, key: key, kind: kind, request: request,
            perform: { () async throws -> Bool in
                do {
                    try await perform()
                } catch let error as AppStoreAPIError {
                    let alreadyThere: [AppStoreModels.APIErrorCode] = [.imageAlreadyExists, .messageAlreadyExists]
                    guard let code = error.errorCode, alreadyThere.contains(code) else { throw AppleSide.error(error) }
                }
                return true
            },
            commit: { _, tx in try await commit(tx, now()) })
    }

    private static func atApple<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as AppStoreAPIError {
            throw AppleSide.error(error)
        }
    }
}
