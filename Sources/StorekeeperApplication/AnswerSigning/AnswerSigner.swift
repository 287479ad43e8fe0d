package import AppStoreModels
import Crypto
import Foundation
package import NIOCore
package import StorekeeperAPIModels

/// Signs the answers to one app's requests with the app's current key (the first of
/// `app.<id>.answerKeys`), over the message ``AnswerSignature`` spells out. The HTTP edge hands
/// it the request and the exact bytes it is about to send; the time is the wall clock's, since
/// the app checks it against its own real clock.
package struct AnswerSigner: Sendable {
    package let appId: String
    package let key: AnswerSigningKey
    private let clock: any WallClock

    /// `nil` for an app with no answer-signing key: its answers go unsigned.
    package init?(app: AppConfiguration, clock: any WallClock) {
        guard let key = app.answerKeys.first else { return nil }
        self.init(appId: app.id, key: key, clock: clock)
    }

    package init(appId: String, key: AnswerSigningKey, clock: any WallClock) {
        self.appId = appId
        self.key = key
        self.clock = clock
    }

    /// The signers of every app that has a key, by app id.
    package static func byApp(_ apps: [AppConfiguration], clock: any WallClock) -> [String: AnswerSigner] {
        var signers: [String: AnswerSigner] = [:]
        for app in apps {
            signers[app.id] = AnswerSigner(app: app, clock: clock)
        }
        return signers
    }

    /// Signs the answer with `status` and `body` to the request `method target` that carried
    /// `nonce` (already checked with ``AnswerSignature/isWellFormedNonce(_:)``).
    package func sign(nonce: String, method: String, target: String, status: Int, body: ByteBuffer) throws -> AnswerSignature {
        let signedAt = clock.timestamp.millisecondsSince1970 / 1000
        let digest = body.withUnsafeReadableBytes { SHA256.hash(data: $0) }
        let message = AnswerSignature.message(
            app: appId, nonce: nonce, method: method, target: target, status: status, signedAt: signedAt, bodySHA256: Array(digest))
        let signature = try key.privateKey.signature(for: message)
        return AnswerSignature(keyId: key.keyId, signedAt: signedAt, signature: Array(signature.rawRepresentation))
    }
}
