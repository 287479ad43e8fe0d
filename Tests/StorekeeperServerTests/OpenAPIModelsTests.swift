import Foundation
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// The served OpenAPI document and the wire models (`StorekeeperAPIModels`) name the same
/// properties, and require the same ones: a field added to or renamed in one but not the other
/// fails here. The document follows the wire.
@Suite struct OpenAPIModelsTests {
    /// One model and where its schema is in the document: a schema's name, then `.property` for an
    /// inline object and `[]` for an array's items (`CustomerView.entitlements[]`).
    struct Model: Sendable, CustomTestStringConvertible {
        let schema: String
        let shape: @Sendable () throws -> [String: Bool]
        var testDescription: String { schema }

        static func of<T: Decodable & Sendable>(_ type: T.Type, _ schema: String) -> Model {
            Model(schema: schema, shape: { try CodingShape.of(T.self) })
        }
    }

    static let models: [Model] = [
        .of(APIErrorBody.self, "Error"),
        .of(APIErrorBody.Detail.self, "Error.error"),
        .of(CreateOrderRequest.self, "CreateOrderRequest"),
        .of(CreateOrderRequest.BusinessPrice.self, "CreateOrderRequest.businessPrice"),
        .of(OrderBody.self, "Order"),
        .of(OrderResponse.self, "OrderResponse"),
        .of(SubmitPurchaseRequest.self, "SubmitPurchaseRequest"),
        .of(SubmitPurchaseResponse.self, "SubmitPurchaseResponse"),
        .of(CustomerBody.self, "CustomerView"),
        .of(CustomerBody.Entitlement.self, "CustomerView.entitlements[]"),
        .of(CustomerBody.Subscription.self, "CustomerView.subscriptions[]"),
        .of(CustomerBody.Purchase.self, "CustomerView.purchases[]"),
        .of(RestoreRequest.self, "RestoreRequest"),
        .of(RestoreResponse.self, "RestoreResponse"),
        .of(SpendRequest.self, "SpendRequest"),
        .of(SpendResponse.self, "SpendResponse"),
        .of(ConsumptionConsentRequest.self, "ConsumptionConsentRequest"),
        .of(ConsumptionConsentResponse.self, "ConsumptionConsentResponse"),
        .of(AliasRequest.self, "AliasRequest"),
        .of(SeatClaimRequest.self, "SeatClaimRequest"),
        .of(SeatChangeRequest.self, "SeatChangeRequest"),
        .of(SeatClaimBody.self, "SeatClaim"),
        .of(SeatClaimResponse.self, "SeatClaimResponse"),
        .of(AdminGroup.self, "AdminGroup"),
        .of(RetentionRuleBody.self, "RetentionRule"),
        .of(RetentionConditionBody.self, "RetentionCondition"),
        .of(RetentionAnswerBody.self, "RetentionAnswer"),
        .of(RetentionRulesRequest.self, "RetentionRulesRequest"),
        .of(RetentionRulesResult.self, "RetentionRules"),
        .of(RetentionMessageRequest.self, "RetentionMessageRequest"),
        .of(RetentionBulletPointBody.self, "RetentionBulletPoint"),
        .of(RetentionImageRequest.self, "RetentionImageRequest"),
        .of(RetentionDefaultRequest.self, "RetentionDefaultRequest"),
        .of(RetentionURLRequest.self, "RetentionURLRequest"),
        .of(RetentionActionRequest.self, "RetentionActionRequest"),
        .of(RetentionActionResult.self, "RetentionAction"),
        .of(RetentionPerformanceTestBody.self, "RetentionPerformanceTest"),
        .of(RetentionContentBody.self, "RetentionContent"),
        .of(RetentionView.self, "RetentionView"),
        .of(RetentionFiguresBody.self, "RetentionFigures"),
        .of(RetentionCountBody.self, "RetentionCount"),
        .of(RetentionRuleFiguresBody.self, "RetentionRuleFigures"),
        .of(AdminGroupMember.self, "AdminGroupMember"),
        .of(AdminGroupMemberships.self, "AdminGroupMemberships"),
        .of(AdminGroupMemberships.Membership.self, "AdminGroupMemberships.groups[]"),
        .of(ServiceStatusResponse.self, "Status"),
        .of(PromotionalOfferRequest.self, "PromotionalOfferRequest"),
        .of(OperatorBody.self, "AdminOperator"),
        .of(OperatorListResponse.self, "OperatorList"),
        .of(CreateOperatorRequest.self, "CreateOperatorRequest"),
        .of(CreateOperatorResponse.self, "CreatedOperator"),
        .of(DisableOperatorRequest.self, "DisableOperatorRequest"),
        .of(DisableOperatorResponse.self, "DisabledOperator"),
        .of(MeResponse.self, "AdminMe"),
        .of(AuditEventBody.self, "AuditEvent"),
        .of(AuditPage.self, "AuditPage"),
        .of(FeedEventBody.self, "FeedEvent"),
        .of(FeedPostingBody.self, "FeedEvent.postings[]"),
        .of(CreateImportRequest.self, "CreateImportRequest"),
        .of(ImportJobBody.self, "ImportJob"),
        .of(ImportCountsBody.self, "ImportJob.counts"),
        .of(ImportProblemBody.self, "ImportJob.problems[]"),
        .of(OfferSummaryResponse.self, "OfferSummary"),
        .of(OfferSummaryResponse.Redemption.self, "OfferSummary.redemptions[]"),
        .of(IntroEligibility.self, "IntroEligibility"),
        .of(IntroDecisionResponse.self, "IntroDecision"),
        .of(PromotionalSignatureResponse.self, "PromotionalSignature"),
        .of(PromotionalSignatureResponse.Legacy.self, "PromotionalSignature.legacy"),
        .of(AdminActionRequest<GrantActionRequest>.self, "AdminGrantRequest"),
        .of(AdminActionRequest<RevokeGrantActionRequest>.self, "AdminRevokeGrantRequest"),
        .of(AdminActionRequest<WalletAdjustActionRequest>.self, "AdminWalletAdjustRequest"),
        .of(AdminActionRequest<OrderCorrectionActionRequest>.self, "AdminOrderCorrectionRequest"),
        .of(AdminActionRequest<TransferActionRequest>.self, "AdminTransferRequest"),
        .of(AdminActionRequest<MergeActionRequest>.self, "AdminMergeRequest"),
        .of(OperatorGrantBody.self, "AdminOperatorGrant"),
        .of(GrantActionResponse.self, "AdminGrantResponse"),
        .of(CustomerBody.Entitlement.self, "AdminActionEntitlement"),
        .of(JournalEntryBody.self, "AdminJournalEntry"),
        .of(JournalEntryBody.Posting.self, "AdminJournalEntry.postings[]"),
        .of(WalletAdjustResponse.self, "AdminWalletAdjustResponse"),
        .of(AdminOrderBody.self, "AdminActionOrder"),
        .of(OrderCorrectionResponse.self, "AdminOrderCorrectionResponse"),
        .of(TransferredPurchase.self, "AdminTransferredPurchase"),
        .of(TransferResponse.self, "AdminTransferResponse"),
        .of(MergeResponse.self, "AdminMergeResponse"),
        .of(ExtendRequest.self, "ExtendRequest"),
        .of(ExtendResult.self, "Extension"),
        .of(AdminActionResponse<ExtendResult>.self, "ExtensionAnswer"),
        .of(SubscriptionSnapshot.self, "SubscriptionSnapshot"),
        .of(MassExtendRequest.self, "MassExtendRequest"),
        .of(MassExtensionBody.self, "MassExtension"),
        .of(AdminActionResponse<MassExtensionBody>.self, "MassExtensionAnswer"),
        .of(ResyncResult.self, "Resync"),
        .of(AdminActionResponse<ResyncResult>.self, "ResyncAnswer"),
        .of(ResyncTransaction.self, "ResyncTransaction"),
        .of(SubscriptionChange.self, "SubscriptionChange"),
        .of(AdminOfferRequest.self, "AdminOfferRequest"),
        .of(AdminActionResponse<PromotionalSignatureResponse>.self, "AdminOfferAnswer"),
        .of(InboxEntryBody.self, "InboxEntry"),
        .of(InboxPageResponse.self, "InboxPage"),
        .of(InboxAttemptBody.self, "InboxAttempt"),
        .of(ReplayOutcome.self, "ReplayOutcome"),
        .of(AdminActionResponse<ReplayOutcome>.self, "ReplayAnswer"),
        .of(ReplayRangeResult.self, "ReplayRange"),
        .of(AdminActionResponse<ReplayRangeResult>.self, "ReplayRangeAnswer"),
        .of(ReplayRangeRequest.self, "ReplayRangeRequest"),
        .of(BackfillRequest.self, "BackfillRequest"),
        .of(BackfillResult.self, "Backfill"),
        .of(AdminActionResponse<BackfillResult>.self, "BackfillAnswer"),
        .of(TestNotificationRequest.self, "TestNotificationRequest"),
        .of(TestNotificationResult.self, "TestNotification"),
        .of(AdminActionResponse<TestNotificationResult>.self, "TestNotificationAnswer"),
        .of(TestNotificationStatusResponse.self, "TestNotificationStatus"),
        .of(TestNotificationStatusResponse.SendAttempt.self, "TestNotificationStatus.sendAttempts[]"),
        .of(OverviewResponse.self, "Overview"),
        .of(OverviewResponse.Day.self, "OverviewDay"),
        .of(OverviewResponse.Active.self, "OverviewDay.active"),
        .of(OverviewResponse.ActiveProduct.self, "OverviewActiveProduct"),
        .of(OverviewResponse.Totals.self, "Overview.totals"),
        .of(OverviewRevenue.self, "OverviewRevenue"),
        .of(RefundsResponse.self, "RefundList"),
        .of(RefundBody.self, "Refund"),
        .of(RefundBody.Wallet.self, "RefundWallet"),
        .of(ConsumptionRequestsResponse.self, "ConsumptionRequestList"),
        .of(ConsumptionRequestBody.self, "ConsumptionRequest"),
        .of(ConsumptionAnswer.self, "ConsumptionAnswer"),
        .of(AnalyticsSummaryResponse.self, "AnalyticsSummary"),
        .of(AnalyticsFiguresBody.self, "AnalyticsFigures"),
        .of(AnalyticsFilterBody.self, "AnalyticsFilter"),
        .of(AnalyticsMoney.self, "AnalyticsMoney"),
        .of(AnalyticsCohortsResponse.self, "AnalyticsCohorts"),
        .of(AnalyticsCohortBody.self, "AnalyticsCohort"),
        .of(AnalyticsCohortCellBody.self, "AnalyticsCohortCell"),
        .of(OperationsResponse.self, "OperationsOverview"),
        .of(OperationsResponse.Notifications.self, "OperationsOverview.notifications"),
        .of(OperationsResponse.Outbox.self, "OperationsOverview.outbox"),
        .of(OperationsResponse.Apple.self, "OperationsOverview.apple"),
        .of(AdminSearchResponse.self, "AdminSearchResponse"),
        .of(SearchMatchBody.self, "SearchMatch"),
        .of(AdminInvoiceLookup.self, "AdminInvoiceLookup"),
        .of(AdminInvoiceTransaction.self, "AdminInvoiceTransaction"),
        .of(AdminInvoiceOrder.self, "AdminInvoiceOrder"),
        .of(AdminCustomerRecord.self, "AdminCustomerRecord"),
        .of(AdminAlias.self, "AdminAlias"),
        .of(AdminEntitlement.self, "AdminEntitlement"),
        .of(AdminGrantSource.self, "AdminGrantSource"),
        .of(AdminSubscription.self, "AdminSubscription"),
        .of(OfferInfoBody.self, "OfferInfo"),
        .of(RevocationInfoBody.self, "RevocationInfo"),
        .of(PaidPeriodBody.self, "PaidPeriod"),
        .of(RenewalInfoBody.self, "RenewalInfo"),
        .of(AdminWallet.self, "AdminWallet"),
        .of(AdminLedgerEntry.self, "AdminLedgerEntry"),
        .of(AdminPosting.self, "AdminPosting"),
        .of(AdminOrderPage.self, "AdminOrderPage"),
        .of(AdminOrder.self, "AdminOrder"),
        .of(AdminPurchase.self, "AdminPurchase"),
        .of(AdminTimelinePage.self, "AdminTimelinePage"),
        .of(AdminTimelineEntry.self, "AdminTimelineEntry"),
        .of(AdminTimelineNotification.self, "AdminTimelineNotification"),
        .of(AdminAuditEvent.self, "AdminAuditEvent"),
        .of(AdminTimelineRaw.self, "AdminTimelineRaw"),
        .of(InboxDetailResponse.self, "InboxDetail"),
    ]

    /// The served document's schemas, by name.
    static func schemas() throws -> [String: Any] {
        let document = try JSONSerialization.jsonObject(with: try OpenAPIDocument.assemble()) as? [String: Any]
        return try #require((document?["components"] as? [String: Any])?["schemas"] as? [String: Any])
    }

    @Test(arguments: models)
    func theSchemaNamesTheFieldsTheModelReadsAndRequiresTheSameOnes(_ model: Model) throws {
        let schema = try #require(Self.schema(at: model.schema, in: try Self.schemas()), "no schema \(model.schema) in the served document")
        let documented = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
        let documentedRequired = Set(schema["required"] as? [String] ?? [])
        let shape = try model.shape()
        let read = Set(shape.keys)
        let required = Set(shape.filter(\.value).keys)
        #expect(read.subtracting(documented).sorted() == [], "read by the model, missing from \(model.schema)")
        #expect(documented.subtracting(read).sorted() == [], "in \(model.schema), unknown to the model")
        #expect(required.subtracting(documentedRequired).sorted() == [], "required by the model, optional in \(model.schema)")
        #expect(documentedRequired.subtracting(required).sorted() == [], "required in \(model.schema), optional in the model")
    }

    /// The schema object at `path`, following `$ref`s.
    static func schema(at path: String, in schemas: [String: Any]) -> [String: Any]? {
        func resolve(_ value: Any?) -> [String: Any]? {
            guard let object = value as? [String: Any] else { return nil }
            guard let reference = object["$ref"] as? String else { return object }
            return resolve(schemas[String(reference.dropFirst("#/components/schemas/".count))])
        }
        var parts = path.split(separator: ".").map(String.init)
        guard !parts.isEmpty, var current = resolve(schemas[parts.removeFirst()]) else { return nil }
        for part in parts {
            let isItems = part.hasSuffix("[]")
            let name = isItems ? String(part.dropLast(2)) : part
            guard let property = resolve((current["properties"] as? [String: Any])?[name]) else { return nil }
            if isItems {
                guard let items = resolve(property["items"]) else { return nil }
                current = items
            } else {
                current = property
            }
        }
        return current
    }
}
