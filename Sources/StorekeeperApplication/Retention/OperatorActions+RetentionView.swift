import AppStoreAPI
import AppStoreModels
import Foundation
import Storekeeper
package import StorekeeperAPIModels
import StorekeeperStore

extension OperatorActions {
    /// How far back the retention figures look.
    package static let retentionFiguresDays: Int64 = 30

    /// The app's retention setup in `environment`: its rules, its uploads with Apple's review
    /// states (read from Apple and kept; the last seen when Apple cannot be reached), the
    /// real-time URL Apple has, and the figures of the last 30 days. A viewer may read it.
    package func retentionView(_ call: AdminCall, environment name: String?) async throws -> RetentionView {
        let environment = try AppleSide.environment(name, of: call.app)
        let (settings, stored) = try await store.read { tx in
            (
                try await tx.retentionSettings(appId: call.app.id),
                try await tx.retentionContent(appId: call.app.id, environment: environment)
            )
        }
        var content = stored
        var realtimeURL: String?
        var unavailable: String?
        switch await Self.appleRetentionState(call.services.runtime, environment) {
        case .success(let apple):
            realtimeURL = apple.realtimeURL
            let now = now()
            var updates: [RetentionContent] = []
            for index in content.indices {
                guard let state = apple.states[content[index].identifier], state != content[index].state else { continue }
                content[index].state = state
                content[index].updatedAt = now
                updates.append(content[index])
            }
            if !updates.isEmpty {
                let changed = updates
                try await store.write { tx in for item in changed { try await tx.saveRetentionContent(item) } }
            }
        case .failure(let error):
            unavailable = error.message
        }
        let figures = try await retentionFigures(call)
        return RetentionView(
            environment: environment.rawValue, revision: settings?.revision ?? 0,
            rules: (settings?.rules ?? []).map(RetentionRuleBody.init),
            content: content.map(RetentionContentBody.init), realtimeURL: realtimeURL, appleUnavailable: unavailable,
            figures: figures)
    }

    /// The app's real-time retention figures of the last 30 days, from the store alone.
    package func retentionFigures(_ call: AdminCall) async throws -> RetentionFiguresBody {
        let now = now()
        let since = now.adding(milliseconds: -Self.retentionFiguresDays * 86_400_000)
        let tallies = try await store.read { tx in
            try await tx.retentionTallies(
                appId: call.app.id, since: since,
                maturedBefore: now.adding(milliseconds: -RetentionOutcome.attributionWindowMilliseconds),
                lateAfterMicroseconds: Self.retentionDeadlineMicroseconds)
        }
        return RetentionFiguresBody(since: since, tallies: tallies)
    }

    /// Apple's review states of the app's uploads and its real-time URL, or why they cannot be read.
    private static func appleRetentionState(
        _ runtime: AppRuntime, _ environment: AppStoreEnvironment
    ) async -> Result<(states: [UUID: String], realtimeURL: String?), StorekeeperError> {
        let client: AppStoreServerAPIClient
        do {
            client = try AppleSide.client(runtime, environment)
        } catch {
            return .failure(error as? StorekeeperError ?? StorekeeperError.conflict("no App Store Server API key"))
        }
        do {
            var states: [UUID: String] = [:]
            for item in try await client.getRetentionMessageList().messageIdentifiers ?? [] {
                if let id = item.messageIdentifier, let state = item.messageState { states[id] = state.rawValue }
            }
            for item in try await client.getRetentionImageList().imageIdentifiers ?? [] {
                if let id = item.imageIdentifier, let state = item.imageState { states[id] = state.rawValue }
            }
            return .success((states, try await realtimeURL(client)))
        } catch {
            return .failure(AppleSide.error(error))
        }
    }

    /// Get Realtime URL; nil when none is set (Apple answers `RealtimeUrlNotFoundError`).
    private static func realtimeURL(_ client: AppStoreServerAPIClient) async throws(AppStoreAPIError) -> String? {
        do {
            return try await client.getRealtimeURL().realtimeURL
        } catch {
            guard error.errorCode == .realtimeURLNotFound else { throw error }
            return nil
        }
    }

    /// Apple waits 700 ms for an answer; a server time above it is a deadline miss.
    package static let retentionDeadlineMicroseconds: Int64 = 700_000
}
