/// The page an action answers with: what was done and what changed, then a way back. A reload
/// posts the form again with the same idempotency key and shows the same result, marked as a
/// replay: nothing is done twice.
struct ConsoleActionResult {
    struct Fact {
        let label: String
        let value: String
    }

    struct Group {
        let title: String
        let items: [String]
        let empty: Bool

        init(_ title: String, _ items: [String]) {
            self.title = title
            self.items = items
            empty = items.isEmpty
        }
    }

    let title: String
    let notice: String
    let facts: [Fact]
    let groups: [Group]
    let backHref: String
    let backLabel: String

    init(
        title: String, done: String, replayed: Bool, facts: [Fact], groups: [Group] = [], backHref: String, backLabel: String
    ) {
        self.title = title
        notice = "✓ " + done + (replayed ? " (This form had already been sent: this is the first result, nothing was done again.)" : "")
        self.facts = facts
        self.groups = groups
        self.backHref = backHref
        self.backLabel = backLabel
    }
}
