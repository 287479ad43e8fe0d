import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
package import StorekeeperAPIModels
import StorekeeperApplication
package import StorekeeperHTTP

/// Retention Messaging (viewer to read, support to change): the rules, the messages and images
/// with Apple's review states, the real-time URL, the figures per rule, and forms that run the
/// admin API's use cases (``OperatorActions/uploadRetentionMessage(_:_:)``,
/// ``OperatorActions/setRetentionDefault(_:_:)``, ``OperatorActions/setRealtimeURL(_:_:)``,
/// ``OperatorActions/setRetentionRules(_:_:)``; images, deletion and the performance test in
/// `ConsoleRoutes+RetentionContent.swift`) under the form's idempotency key.
extension ConsoleRoutes {
    package struct RetentionPage {
        package struct Rule {
            package let position: Int
            package let id: String
            package let conditions: String
            package let answer: String
        }

        package struct Forms {
            package let csrf: String
            package let base: String
            package let messageKey: String
            package let defaultKey: String
            package let urlKey: String
            package let rulesKey: String
            package let imageKey: String
            package let deleteKey: String
            package let testKey: String
            /// The page's environment, where the listed uploads are deleted.
            package let environment: String
            package let deletable: [CustomerPage.Choice]
            package let noDeletable: Bool
            package let bulletRows: [Int]
            package let imageSizes: [CustomerPage.Choice]
            package let environments: [CustomerPage.Choice]
            package let products: [CustomerPage.Choice]
            package let rulesJSON: String
            package let suggestedURL: String
        }

        package let environment: String
        package let environmentLinks: [CustomerPage.Choice]
        package let realtimeURL: String
        package let appleUnavailable: String?
        package let revision: Int
        package let rules: [Rule]
        package let noRules: Bool
        package let content: [RetentionContentBody]
        package let noContent: Bool
        package let figures: RetentionFiguresBody
        package let answerSummary: String
        package let forms: Forms?
    }

    @Sendable package func retentionPage(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await appCall(request, context)
        let admin = AdminCall(services: call.services, operator: call.account)
        let view = try await self.admin.operatorActions.retentionView(admin, environment: request.uri.queryParameters.get("environment"))
        let base = ConsolePaths.app(call.appId, .retention)
        let environments = Self.environments(of: admin.app).map { CustomerPage.Choice(value: $0.rawValue, label: $0.rawValue) }
        var forms: RetentionPage.Forms?
        if call.account.may(.support, app: call.appId) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            forms = RetentionPage.Forms(
                csrf: call.signedIn.session.csrfToken, base: base, messageKey: ConsoleSessions.randomToken(),
                defaultKey: ConsoleSessions.randomToken(), urlKey: ConsoleSessions.randomToken(), rulesKey: ConsoleSessions.randomToken(),
                imageKey: ConsoleSessions.randomToken(), deleteKey: ConsoleSessions.randomToken(), testKey: ConsoleSessions.randomToken(),
                environment: view.environment, deletable: view.content.map(Self.deletable), noDeletable: view.content.isEmpty,
                bulletRows: Array(1...UploadMessageRequestBody.maximumBulletPoints),
                imageSizes: RetentionImageSize.knownValues.map { .init(value: $0.rawValue, label: Self.label($0)) },
                environments: environments,
                products: admin.app.catalog.products.filter { $0.kind == .autoRenewableSubscription }.map {
                    .init(value: $0.id, label: $0.id)
                },
                rulesJSON: String(decoding: try encoder.encode(view.rules), as: UTF8.self),
                suggestedURL: "https://<this server>/v1/apps/\(call.appId)/retention")
        }
        let rules = view.rules.enumerated().map { index, rule in
            RetentionPage.Rule(
                position: index + 1, id: rule.id,
                conditions: rule.conditions.isEmpty ? "always" : rule.conditions.map(Self.text).joined(separator: " and "),
                answer: [rule.answer.kind, rule.answer.messageIdentifier, rule.answer.productId, rule.answer.offerId].compactMap { $0 }
                    .joined(separator: " · "))
        }
        let page = RetentionPage(
            environment: view.environment,
            environmentLinks: environments.map { .init(value: base + "?environment=" + ConsolePaths.query($0.value), label: $0.label) },
            realtimeURL: view.realtimeURL ?? "none", appleUnavailable: view.appleUnavailable, revision: view.revision, rules: rules,
            noRules: rules.isEmpty, content: view.content, noContent: view.content.isEmpty, figures: view.figures,
            answerSummary: view.figures.answers.map { "\($0.name): \($0.count)" }.joined(separator: ", ").orNone, forms: forms)
        return try templates.page("retention", page, frame: frame("Retention · \(call.appId)", call, .retention))
    }

    @Sendable package func retentionMessageAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, form) = try await supportAction(request, context)
        let bullets = Self.bulletPoints(form)
        let response = try await admin.operatorActions.uploadRetentionMessage(
            call,
            RetentionMessageRequest(
                environment: form.text("environment"), header: form["header"] ?? "", body: form["body"] ?? "",
                imageIdentifier: form.text("imageIdentifier"), altText: form.text("altText"), bulletPoints: bullets,
                reason: form["reason"] ?? "", idempotencyKey: try Self.idempotencyKey(form)))
        return try retentionResult(
            console, "Upload a message", "Uploaded; Apple reviews it before it is shown.", response,
            extra: (bullets ?? []).enumerated().map { .init(label: "Bullet point \($0.offset + 1)", value: $0.element.text) })
    }

    @Sendable package func retentionDefaultAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, form) = try await supportAction(request, context)
        let response = try await admin.operatorActions.setRetentionDefault(
            call,
            RetentionDefaultRequest(
                environment: form.text("environment"), productId: form["productId"] ?? "", locale: form["locale"] ?? "",
                messageIdentifier: form.text("messageIdentifier"), reason: form["reason"] ?? "",
                idempotencyKey: try Self.idempotencyKey(form)))
        return try retentionResult(console, "Default message", "Set at Apple.", response)
    }

    @Sendable package func retentionURLAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, form) = try await supportAction(request, context)
        let response = try await admin.operatorActions.setRealtimeURL(
            call,
            RetentionURLRequest(
                environment: form.text("environment"), realtimeURL: form.text("realtimeURL"), reason: form["reason"] ?? "",
                idempotencyKey: try Self.idempotencyKey(form)))
        return try retentionResult(console, "Real-time URL", "Set at Apple.", response)
    }

    @Sendable package func retentionRulesAction(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let (console, call, form) = try await supportAction(request, context)
        let rules: [RetentionRuleBody]
        do {
            rules = try JSONDecoder().decode([RetentionRuleBody].self, from: Data((form["rules"] ?? "").utf8))
        } catch {
            throw StorekeeperError.invalidRequest("the rules are not a JSON array of {id, conditions, answer}")
        }
        let response = try await admin.operatorActions.setRetentionRules(
            call, RetentionRulesRequest(rules: rules, reason: form["reason"] ?? "", idempotencyKey: try Self.idempotencyKey(form)))
        let page = ConsoleActionResult(
            title: "Retention rules", done: "Stored as revision \(response.result.revision).", replayed: response.replayed,
            facts: [.init(label: "Rules, in order", value: response.result.rules.map(\.id).joined(separator: ", ").orNone)],
            backHref: ConsolePaths.app(console.appId, .retention), backLabel: "← Back to retention")
        return try templates.page("action-result", page, frame: frame("Retention · \(console.appId)", console, .retention))
    }

    func retentionResult(
        _ console: AppCall, _ title: String, _ done: String, _ response: AdminActionResponse<RetentionActionResult>,
        extra: [ConsoleActionResult.Fact] = []
    ) throws -> Response {
        let result = response.result
        var facts: [ConsoleActionResult.Fact] = [.init(label: "Environment", value: result.environment)]
        if let identifier = result.identifier { facts.append(.init(label: "Identifier", value: identifier)) }
        if let state = result.state { facts.append(.init(label: "Apple's review", value: state)) }
        facts += extra
        let page = ConsoleActionResult(
            title: title, done: done, replayed: response.replayed, facts: facts,
            backHref: ConsolePaths.app(console.appId, .retention) + "?environment=" + ConsolePaths.query(result.environment),
            backLabel: "← Back to retention")
        return try templates.page("action-result", page, frame: frame("\(title) · \(console.appId)", console, .retention))
    }

    static func text(_ condition: RetentionConditionBody) -> String {
        var text = condition.kind
        if let months = condition.months { text += " \(months)" }
        if let offer = condition.offerId { text += " \(offer)" }
        if let products = condition.productIds, !products.isEmpty { text += " (\(products.joined(separator: ", ")))" }
        return text
    }
}
