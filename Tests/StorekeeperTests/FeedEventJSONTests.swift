import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// `FeedEvent` writes its own JSON (every record a notification writes appends one); it must be
/// exactly what its `Codable` conformance gives under Foundation's encoder with the canonical
/// settings, and read back as the same event.
@Suite struct FeedEventJSONTests {
    static func randomEvent(_ generator: inout some RandomNumberGenerator, complete: Bool) -> FeedEvent {
        func text() -> String { CanonicalJSON.texts.randomElement(using: &generator)! }
        func maybe(_ value: String) -> String? { complete || Bool.random(using: &generator) ? value : nil }
        let details = Dictionary(
            uniqueKeysWithValues: (0..<(complete ? 3 : Int.random(in: 0...4, using: &generator))).map { ("\(text())\($0)", text()) })
        let postings: [FeedPosting]? =
            complete || Bool.random(using: &generator)
            ? (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                FeedPosting(
                    account: text(), customerId: complete ? text() : maybe(text()),
                    amount: Int64.random(in: Int64.min...Int64.max, using: &generator))
            } : nil
        return FeedEvent(
            id: UUID.random().lowercasedString, type: text(),
            occurredAt: Timestamp(millisecondsSince1970: Int64.random(in: 0...4_102_444_800_000, using: &generator)),
            customerId: maybe(text()), appId: maybe(text()), actor: maybe(text()), subject: maybe(text()), fact: maybe(text()),
            reason: maybe(text()), details: details, postings: postings)
    }

    @Test func writesExactlyWhatCodableWrites() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let event = Self.randomEvent(&generator, complete: false)
            let written = try FastJSONEncoder().encode(event)
            #expect(String(decoding: written, as: UTF8.self) == (try CanonicalJSON.foundation(event)))
            #expect(try JSONCoding.decode(FeedEvent.self, from: written) == event)
        }
    }

    /// An event with every optional present: a field added to the model but not to the writer
    /// shows up as a difference here.
    @Test func coversEveryField() throws {
        var generator = SystemRandomNumberGenerator()
        let event = Self.randomEvent(&generator, complete: true)
        for value in [Mirror(reflecting: event), Mirror(reflecting: try #require(event.postings?.first))] {
            for child in value.children {
                #expect(String(describing: child.value) != "nil", "the complete fixture leaves \(child.label ?? "?") empty")
            }
        }
        #expect(try CanonicalJSON.written(event) == CanonicalJSON.foundation(event))
    }
}
