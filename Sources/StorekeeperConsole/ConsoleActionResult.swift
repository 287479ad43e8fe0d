import StorekeeperApplication
import StorekeeperHTTP

/// The page an action answers with: what was done and what changed, then a way back. A reload
/// posts the form again with the same idempotency key and shows the same result, marked as a
/// replay: nothing is done twice.
package struct ConsoleActionResult {
    package struct Fact {
        package let label: String
        package let value: String
    }

    package struct Group {
        package let title: String
        package let items: [String]
        package let empty: Bool

        package init(_ title: String, _ items: [String]) {
            self.title = title
            self.items = items
            empty = items.isEmpty
        }
    }

    package let title: String
    package let notice: String
    package let facts: [Fact]
    package let groups: [Group]
    package let backHref: String
    package let backLabel: String

    package init(
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
