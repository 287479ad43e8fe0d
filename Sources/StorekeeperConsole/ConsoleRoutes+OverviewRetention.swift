import StorekeeperAPIModels

extension ConsoleRoutes {
    /// The overview's retention card: requests, answers by kind, deadline misses, and what the
    /// customers did after the answers of each rule.
    static func retentionFacts(_ figures: RetentionFiguresBody) -> [OverviewPage.Fact] {
        var facts: [OverviewPage.Fact] = [
            .init(label: "Real-time requests answered", value: String(figures.requests)),
            .init(label: "Answers", value: figures.answers.map { "\($0.name) \($0.count)" }.joined(separator: ", ").orNone),
            .init(label: "Over Apple's 700 ms", value: String(figures.deadlineMisses)),
        ]
        for rule in figures.rules {
            facts.append(
                .init(
                    label: "Rule \(rule.ruleId ?? "(default)")",
                    value: "\(rule.requests) answered: \(rule.redeemed) redeemed, \(rule.switched) switched, "
                        + "\(rule.cancelled) cancelled, \(rule.stayed) stayed, \(rule.pending) pending"))
        }
        return facts
    }
}
