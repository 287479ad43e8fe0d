import Foundation
import StorekeeperAPIModels

/// The customer as Storekeeper last told it in a verified answer, kept on disk so the app can show
/// entitlements and balances offline. Only verified answers are written here.
struct CustomerCache: Sendable {
    let file: URL

    struct Entry: Codable, Sendable {
        var customer: CustomerBody
        var verifiedAt: Date
    }

    func load() -> Entry? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(Entry.self, from: data)
    }

    func store(_ entry: Entry) throws {
        try JSONEncoder().encode(entry).write(to: file, options: .atomic)
    }
}
