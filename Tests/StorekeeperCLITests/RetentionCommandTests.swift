import ArgumentParser
import StorekeeperAPIModels
import Testing

@testable import storekeeper

/// `storekeeper retention message --bullet IMAGE:TEXT` (repeated, in order) becomes the admin
/// API's bullet points, the text also the icon's alternative text; a bullet without its colon
/// is refused before any call. `retention image --size` passes Apple's imageSize.
@Suite struct RetentionCommandTests {
    static let icon = "6f1c1a52-3b39-4d3c-9a1e-2f4b1c7e8d90"

    @Test func bulletsBecomeTheRequestsBulletPointsInOrder() throws {
        let parsed = try StorekeeperCommand.parseAsRoot([
            "retention", "message", "--app", "main", "--reason", "spring", "--idempotency-key", "k1", "--header", "Before you go",
            "--body", "Premium includes:", "--bullet", "\(Self.icon):Offline downloads: every episode", "--bullet",
            "\(Self.icon):Family Sharing",
        ])
        let command = try #require(parsed as? RetentionCommand.Message)
        let request = try command.request()
        #expect(
            request.bulletPoints == [
                RetentionBulletPointBody(
                    text: "Offline downloads: every episode", imageIdentifier: Self.icon, altText: "Offline downloads: every episode"),
                RetentionBulletPointBody(text: "Family Sharing", imageIdentifier: Self.icon, altText: "Family Sharing"),
            ])
        #expect(request.header == "Before you go" && request.idempotencyKey == "k1" && request.reason == "spring")
    }

    @Test func noBulletsSendNone() throws {
        let parsed = try StorekeeperCommand.parseAsRoot([
            "retention", "message", "--app", "main", "--reason", "r", "--header", "H", "--body", "B",
        ])
        #expect(try #require(parsed as? RetentionCommand.Message).request().bulletPoints == nil)
    }

    @Test func aBulletWithoutItsColonIsRefused() throws {
        let parsed = try StorekeeperCommand.parseAsRoot([
            "retention", "message", "--app", "main", "--reason", "r", "--header", "H", "--body", "B", "--bullet", "no colon here",
        ])
        #expect(throws: ValidationError.self) { try #require(parsed as? RetentionCommand.Message).request() }
    }

    @Test func theImageSizeIsParsed() throws {
        let parsed = try StorekeeperCommand.parseAsRoot([
            "retention", "image", "--app", "main", "--reason", "r", "--file", "icon.png", "--size", "BULLET_POINT",
        ])
        #expect(try #require(parsed as? RetentionCommand.Image).size == "BULLET_POINT")
    }
}
