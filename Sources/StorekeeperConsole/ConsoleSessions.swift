package import AppStoreModels
import Crypto
import Foundation
package import Hummingbird
package import Storekeeper
import StorekeeperApplication
import StorekeeperHTTP
package import StorekeeperStore

/// The console's server-side sessions, kept in the store (`console_sessions`): the browser holds
/// a random session id in an `HttpOnly` cookie; the store keeps its SHA-256, the operator, the
/// session's CSRF token and when it started and was last used.
///
/// A session ends on sign-out, after ``idleMilliseconds`` without a request, after
/// ``absoluteMilliseconds`` whatever the activity, or as soon as its operator is disabled.
/// Activity is written at most once per ``touchIntervalMilliseconds`` so page views stay reads.
package struct ConsoleSessions: Sendable {
    package let store: any PurchaseStore
    /// Real time (sessions expire by the wall clock, not the business clock).
    package let now: any WallClock

    package init(
        store: any PurchaseStore, now: any WallClock
    ) {
        self.store = store
        self.now = now
    }

    package static let idleMilliseconds: Int64 = 30 * 60 * 1000
    package static let absoluteMilliseconds: Int64 = 12 * 60 * 60 * 1000
    package static let touchIntervalMilliseconds: Int64 = 60 * 1000

    /// A live session and its operator.
    package struct SignedIn: Sendable {
        package let session: ConsoleSession
        package let account: Operator

        package init(session: ConsoleSession, account: Operator) {
            self.session = session
            self.account = account
        }
    }

    /// Starts a session for `account`; returns the cookie value (the session id) and the session.
    /// Expired sessions of everyone are purged on the way (a bounded, indexed delete).
    package func start(for account: Operator) async throws -> (id: String, session: ConsoleSession) {
        let id = Self.randomToken()
        let now = now()
        let session = ConsoleSession(
            idHash: Self.hash(id), operatorName: account.name, csrfToken: Self.randomToken(), createdAt: now, lastSeenAt: now)
        try await store.write { tx in
            _ = try await tx.deleteConsoleSessions(
                lastSeenBefore: now.adding(milliseconds: -Self.idleMilliseconds),
                createdBefore: now.adding(milliseconds: -Self.absoluteMilliseconds))
            try await tx.insertConsoleSession(session)
        }
        return (id, session)
    }

    /// The live session the request's cookie names, or `nil` (no cookie, unknown, expired, or
    /// its operator disabled or gone). An expired session is deleted.
    package func resume(_ request: Request) async throws -> SignedIn? {
        guard let id = ConsoleCookies.value(ConsoleCookies.session, in: request), !id.isEmpty, id.utf8.count <= 128 else {
            return nil
        }
        let idHash = Self.hash(id)
        let found = try await store.read { tx -> (ConsoleSession, Operator?)? in
            guard let session = try await tx.consoleSession(idHash: idHash) else { return nil }
            return (session, try await tx.operatorAccount(name: session.operatorName))
        }
        guard let (session, account) = found else { return nil }
        let now = now()
        let idle = now.millisecondsSince1970 - session.lastSeenAt.millisecondsSince1970
        let age = now.millisecondsSince1970 - session.createdAt.millisecondsSince1970
        guard idle <= Self.idleMilliseconds, age <= Self.absoluteMilliseconds, let account, account.disabledAt == nil else {
            _ = try await store.write { try await $0.deleteConsoleSession(idHash: idHash) }
            return nil
        }
        var current = session
        if idle >= Self.touchIntervalMilliseconds {
            _ = try await store.write { try await $0.touchConsoleSession(idHash: idHash, at: now) }
            current.lastSeenAt = now
        }
        return SignedIn(session: current, account: account)
    }

    /// Ends the session (sign-out).
    package func end(_ session: ConsoleSession) async throws {
        _ = try await store.write { try await $0.deleteConsoleSession(idHash: session.idHash) }
    }

    /// Whether `posted` is the session's CSRF token (compared in constant time).
    package static func csrfMatches(_ posted: String?, _ expected: String) -> Bool {
        guard let posted else { return false }
        let a = Array(posted.utf8)
        let b = Array(expected.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// 32 random bytes, base64url: a session id or a CSRF token.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    package static func hash(_ id: String) -> String { Secrets.hash(id) }
}
