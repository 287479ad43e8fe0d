package import AppStoreModels
import Foundation
package import Storekeeper
package import StorekeeperAPIModels
package import StorekeeperStore

extension RetentionRuleBody {
    package init(_ rule: RetentionRule) {
        self.init(
            id: rule.id,
            conditions: rule.conditions.map {
                RetentionConditionBody(kind: $0.kind.rawValue, months: $0.months, offerId: $0.offerId, productIds: $0.productIds)
            },
            answer: RetentionAnswerBody(
                kind: rule.answer.kind.rawValue, messageIdentifier: rule.answer.messageIdentifier?.lowercasedString,
                productId: rule.answer.productId, billingPlanType: rule.answer.billingPlanType, offerId: rule.answer.offerId))
    }

    /// The domain rule; a message identifier that is not a UUID is refused here.
    package func rule() throws -> RetentionRule {
        var messageIdentifier: UUID?
        if let text = answer.messageIdentifier {
            guard let id = UUID(uuidString: text) else {
                throw StorekeeperError(.invalidRetentionRule, "rule \(id): messageIdentifier is not a UUID", kind: .rejected)
            }
            messageIdentifier = id
        }
        return RetentionRule(
            id: id,
            conditions: conditions.map {
                RetentionCondition(
                    kind: RetentionCondition.Kind(rawValue: $0.kind), months: $0.months, offerId: $0.offerId, productIds: $0.productIds)
            },
            answer: RetentionAnswerTemplate(
                kind: RetentionAnswerTemplate.Kind(rawValue: answer.kind), messageIdentifier: messageIdentifier,
                productId: answer.productId, billingPlanType: answer.billingPlanType, offerId: answer.offerId))
    }
}

extension RetentionContentBody {
    package init(_ content: RetentionContent) {
        self.init(
            identifier: content.identifier.lowercasedString, kind: content.kind.rawValue,
            environment: content.environment.rawValue, header: content.header, body: content.body,
            imageIdentifier: content.imageIdentifier?.lowercasedString, state: content.state,
            uploadedAt: content.uploadedAt.millisecondsSince1970, updatedAt: content.updatedAt.millisecondsSince1970)
    }
}

extension RetentionFiguresBody {
    /// The figures of `tallies`: an answer without an outcome whose window has passed stayed.
    package init(since: Timestamp, tallies: [RetentionTally]) {
        var answers: [String: Int] = [:]
        var rules: [String?: RetentionRuleFiguresBody] = [:]
        for tally in tallies {
            answers[tally.answerKind, default: 0] += tally.count
            var figures =
                rules[tally.ruleId]
                ?? RetentionRuleFiguresBody(
                    ruleId: tally.ruleId, requests: 0, stayed: 0, switched: 0, redeemed: 0, cancelled: 0, pending: 0)
            figures.requests += tally.count
            switch tally.outcome.map(RetentionOutcome.init(rawValue:)) {
            case .redeemed?: figures.redeemed += tally.count
            case .switched?: figures.switched += tally.count
            case .cancelled?: figures.cancelled += tally.count
            case .stayed?: figures.stayed += tally.count
            default:
                if tally.matured { figures.stayed += tally.count } else { figures.pending += tally.count }
            }
            rules[tally.ruleId] = figures
        }
        self.init(
            since: since.millisecondsSince1970, requests: tallies.reduce(0) { $0 + $1.count },
            answers: answers.sorted { $0.key < $1.key }.map { RetentionCountBody(name: $0.key, count: $0.value) },
            deadlineMisses: tallies.filter(\.late).reduce(0) { $0 + $1.count },
            rules: rules.values.sorted { ($0.ruleId ?? "") < ($1.ruleId ?? "") })
    }
}
