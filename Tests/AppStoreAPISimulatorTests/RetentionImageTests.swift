import AppStoreAPI
import AppStoreModels
import AppStoreSimulator
import AppStoreVerification
import Foundation
import StorekeeperTesting
import Testing

/// Retention images as Apple documents them for Upload Image (an opaque PNG: full-size 3840 wide
/// and 160 to 2160 high, bullet points 1024 × 1024) and bullet points as Upload Message takes
/// them (at most 5, text 66 characters, icons uploaded at the bullet-point size), checked by the
/// one check the server and the simulator share, and a message's bullet points as the simulated
/// App Store shows them.
@Suite("Retention: images and bullet points")
struct RetentionImageTests {
    @Test(
        "what Apple accepts and refuses of an image",
        arguments: [
            (3840, 160, TestPNG.Transparency.none, RetentionImageSize.fullSize, nil),
            (3840, 2160, .none, .fullSize, nil),
            (1024, 1024, .none, .bulletPoint, nil),
            (3840, 159, .none, .fullSize, RetentionImageCheck.Problem.dimensions(width: 3840, height: 159, size: .fullSize)),
            (3840, 2161, .none, .fullSize, .dimensions(width: 3840, height: 2161, size: .fullSize)),
            (3839, 400, .none, .fullSize, .dimensions(width: 3839, height: 400, size: .fullSize)),
            (1024, 1024, .none, .fullSize, .dimensions(width: 1024, height: 1024, size: .fullSize)),
            (3840, 160, .none, .bulletPoint, .dimensions(width: 3840, height: 160, size: .bulletPoint)),
            (1024, 1024, .alphaChannel, .bulletPoint, .transparent),
            (3840, 160, .transparentColour, .fullSize, .transparent),
        ] as [(Int, Int, TestPNG.Transparency, RetentionImageSize, RetentionImageCheck.Problem?)])
    func images(
        width: Int, height: Int, transparency: TestPNG.Transparency, size: RetentionImageSize, problem: RetentionImageCheck.Problem?
    ) {
        #expect(RetentionImageCheck.problem(TestPNG.make(width: width, height: height, transparency: transparency), size: size) == problem)
    }

    @Test("what is not a PNG, or is cut short of its header, is refused as not a PNG")
    func notPNG() {
        let png = TestPNG.make(width: 1024, height: 1024)
        #expect(RetentionImageCheck.problem([], size: .fullSize) == .notPNG)
        #expect(RetentionImageCheck.problem(Array("GIF89a not a png at all, padded to length".utf8), size: .fullSize) == .notPNG)
        #expect(RetentionImageCheck.problem(Array(png.prefix(20)), size: .bulletPoint) == .notPNG, "IHDR cut short")
        var zeroWidth = png
        zeroWidth.replaceSubrange(16..<20, with: [0, 0, 0, 0])
        #expect(RetentionImageCheck.problem(zeroWidth, size: .bulletPoint) == .notPNG)
        var otherFirstChunk = png
        otherFirstChunk.replaceSubrange(12..<16, with: Array("tEXt".utf8))
        #expect(RetentionImageCheck.problem(otherFirstChunk, size: .bulletPoint) == .notPNG, "IHDR must come first")
        #expect(RetentionImageSize(rawValue: "HUGE").admits(width: 3840, height: 160) == false)
    }

    @Test("Upload Message's limits, first problem first")
    func messageProblems() {
        let icon = UUID()
        func bullets(_ count: Int, text: String = "Offline downloads") -> [BulletPoint] {
            (0..<count).map { _ in BulletPoint(text: text, imageIdentifier: icon, altText: "icon") }
        }
        #expect(UploadMessageRequestBody(header: "Stay", body: "Please", bulletPoints: bullets(5)).problem == nil)
        #expect(UploadMessageRequestBody(header: "Stay", body: "Please", bulletPoints: bullets(6)).problem == .tooManyBulletPoints)
        let long = String(repeating: "é", count: 67)
        #expect(
            UploadMessageRequestBody(header: "Stay", body: "Please", bulletPoints: bullets(1, text: long)).problem
                == .bulletPointTextTooLong)
        #expect(
            UploadMessageRequestBody(header: "Stay", body: "Please", bulletPoints: bullets(1, text: String(long.dropLast()))).problem
                == nil,
            "66 characters, not bytes")
        #expect(UploadMessageRequestBody(header: long, body: "Please").problem == .headerTooLong)
        #expect(UploadMessageRequestBody(header: "Stay", body: "Please", headerPosition: .aboveImage).problem == .aboveImageRequiresAnImage)
        let altTooLong = [BulletPoint(text: "Hi", imageIdentifier: icon, altText: String(repeating: "a", count: 151))]
        #expect(UploadMessageRequestBody(header: "Stay", body: "Please", bulletPoints: altTooLong).problem == .altTextTooLong)
    }

    @Test("the simulator refuses what Apple refuses and shows a message's bullet points in order")
    func simulatorCarriesBulletPoints() async throws {
        let server = RetentionDisplayTests.CannedServer(
            verifier: SignedDataVerifier(
                trustedRoots: try SimulatorHarness.keys.trustedRoots, expectations: VerificationExpectations(environments: [.sandbox])))
        try await SimulatorHarness.with(realtimeTransport: server) { h in
            let api = try h.apiClient(.sandbox)
            let original = try await h.buy(DemoCatalog.monthly, account: SimulatorHarness.customer(.sandbox))
            let icon = UUID()
            let banner = UUID()
            try await api.uploadRetentionImage(imageIdentifier: icon, png: TestPNG.make(width: 1024, height: 1024), imageSize: .bulletPoint)
            try await api.uploadRetentionImage(imageIdentifier: banner, png: TestPNG.make(width: 3840, height: 400), imageSize: nil)
            await #expect(throws: AppStoreAPIError.self) {
                try await api.uploadRetentionImage(
                    imageIdentifier: UUID(), png: TestPNG.make(width: 1024, height: 1024), imageSize: .fullSize)
            }
            await #expect(throws: AppStoreAPIError.self) {
                try await api.uploadRetentionImage(
                    imageIdentifier: UUID(), png: TestPNG.make(width: 1024, height: 1024, transparency: .alphaChannel),
                    imageSize: .bulletPoint)
            }
            func refusal(_ message: UploadMessageRequestBody) async -> AppStoreModels.APIErrorCode? {
                do {
                    try await api.uploadRetentionMessage(messageIdentifier: UUID(), message: message)
                    return nil
                } catch {
                    return error.errorCode
                }
            }
            let point = BulletPoint(text: "Offline downloads", imageIdentifier: icon, altText: "A cloud")
            #expect(
                await refusal(UploadMessageRequestBody(header: "Stay", body: "Please", bulletPoints: Array(repeating: point, count: 6)))
                    == .tooManyBulletPoints)
            let wrongIcon = BulletPoint(text: "Offline downloads", imageIdentifier: banner, altText: "A banner")
            #expect(
                await refusal(UploadMessageRequestBody(header: "Stay", body: "Please", bulletPoints: [wrongIcon])) == .badRequestImageSize)
            #expect(
                await refusal(
                    UploadMessageRequestBody(header: "Stay", body: "Please", image: UploadMessageImage(imageIdentifier: icon, altText: "x"))
                )
                    == .badRequestImageSize)

            let message = UUID()
            let second = BulletPoint(text: "Family Sharing", imageIdentifier: icon, altText: "Two people")
            try await api.uploadRetentionMessage(
                messageIdentifier: message,
                message: UploadMessageRequestBody(
                    header: "Before you go", body: "Everything in Premium:",
                    image: UploadMessageImage(imageIdentifier: banner, altText: "A banner"),
                    bulletPoints: [point, second]))
            try await api.configureRealtimeURL(RealtimeURLConfiguration(realtimeURL: "https://app.example/retention"))
            server.answer.withLock { $0 = (200, #"{"message":{"messageIdentifier":"\#(message)"}}"#) }
            let shown = try await h.simulator.openSubscriptionPage(originalTransactionId: original)
            #expect(shown.shown == .message && shown.messageIdentifier == message)
            #expect(shown.header == "Before you go" && shown.body == "Everything in Premium:")
            #expect(shown.bulletPoints == ["Offline downloads", "Family Sharing"])
        }
    }
}
