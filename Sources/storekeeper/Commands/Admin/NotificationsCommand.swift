import ArgumentParser
import Foundation
import StorekeeperAPIModels
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer

/// `storekeeper notifications list|show|replay|backfill|test`: the App Store notifications inbox.
struct NotificationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notifications", abstract: "The App Store notifications inbox: list, show, replay, backfill, TEST.",
        subcommands: [List.self, Show.self, Replay.self, Backfill.self, Test.self])

    /// The inbox filters `list` and `replay` take.
    struct Filters: ParsableArguments {
        @Option(help: "processed, duplicate, rejected, failed or pending.")
        var status: String?

        @Option(help: "The notification type, e.g. DID_RENEW.")
        var type: String?

        @Option(help: "The subtype, e.g. BILLING_RECOVERY.")
        var subtype: String?

        @Option(help: "Sandbox or Production.")
        var environment: String?

        @Option(help: "Received at or after (ISO 8601 or milliseconds since 1970).")
        var from: String?

        @Option(help: "Received before (ISO 8601 or milliseconds since 1970).")
        var to: String?

        func values() throws -> [String: String?] {
            [
                "status": status, "type": type, "subtype": subtype, "environment": environment,
                "from": try from.map { String(try CommandLineTime.milliseconds($0, option: "--from")) },
                "to": try to.map { String(try CommandLineTime.milliseconds($0, option: "--to")) },
            ]
        }
    }

    /// Inbox entries as a table.
    static func table(_ entries: [InboxEntryBody]) -> String {
        var table = TextTable(["RECEIVED", "ID", "TYPE", "SUBTYPE", "ENV", "STATUS", "ATTEMPTS", "DUPLICATES", "ERROR"])
        for entry in entries {
            table.append([
                CommandLineTime.text(entry.receivedAt), entry.id, entry.notificationType ?? "", entry.subtype ?? "",
                entry.environment ?? "", entry.status, String(entry.attempts), String(entry.duplicates),
                String((entry.lastError ?? "").prefix(60)),
            ])
        }
        return table.text
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List inbox entries, newest first.")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var filters: Filters

        @Option(help: "Entries per page (1–500).")
        var limit = 50

        @Option(help: "Continue after this cursor (a previous page's next).")
        var before: String?

        func run() async throws {
            let client = try admin.client()
            var query = try filters.values()
            query["limit"] = String(limit)
            query["before"] = before
            let data = try await client.get(try admin.appPath("/notifications"), query: query)
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            let page = try JSONDecoder().decode(InboxPageResponse.self, from: data)
            print(NotificationsCommand.table(page.notifications), terminator: "")
            if let next = page.next { print("more: --before \(next)") }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "One entry: its state, every processing attempt with its error, and the operator actions on it (--json: decoded).")

        @OptionGroup var admin: AdminOptions

        @Argument(help: "The notification id (notificationUUID, or sha256:... for a rejected body).")
        var id: String

        @Flag(help: "Include the stored body as received (with --json).")
        var raw = false

        func run() async throws {
            let client = try admin.client()
            let data = try await client.get(
                try admin.appPath("/notifications/\(AdminClient.pathSegment(id))"), query: ["raw": raw ? "true" : nil])
            if admin.json { return print(AdminClient.prettyJSON(data)) }
            print(Self.text(try JSONDecoder().decode(InboxDetailResponse.self, from: data)), terminator: "")
        }

        /// What the table shows of `GET .../notifications/{id}`: the answer less Apple's decoded
        /// payloads (`payload`, `transaction`, `renewalInfo`, `v1`), which only `--json` prints.
        static func text(_ detail: InboxDetailResponse) -> String {
            let notification = detail.notification
            var out = NotificationsCommand.table([notification])
            out += "verified: \(detail.verified ? "yes" : "no")"
            out += (detail.verificationError.map { " (\(DisplayText.neutralised($0)))" } ?? "") + "\n"
            out += "\nattempts (\(detail.attempts.count) shown of \(notification.attempts)):\n"
            var tries = TextTable(["#", "AT", "OUTCOME", "ERROR"])
            for attempt in detail.attempts {
                tries.append([String(attempt.number), CommandLineTime.text(attempt.at), attempt.outcome, attempt.error ?? ""])
            }
            out += tries.text
            if !detail.actions.isEmpty {
                out += "\noperator actions:\n"
                var done = TextTable(["AT", "KIND", "BY", "REASON"])
                for action in detail.actions {
                    done.append([CommandLineTime.text(action.createdAt), action.kind, action.actor, action.reason ?? ""])
                }
                out += done.text
            }
            return out
        }
    }

    struct Backfill: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backfill",
            abstract: "Recover notifications of a window from Apple's Notification History (last 180 days), a chunk at a time.")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions

        @Option(help: "Start (ISO 8601 or milliseconds since 1970).")
        var from: String

        @Option(help: "End (ISO 8601 or milliseconds since 1970; default: now).")
        var to: String?

        @Option(help: "Sandbox or Production (default: Production when the app serves it).")
        var environment: String?

        @Option(help: "Hours of history per request; progress is printed after each.")
        var chunkHours = 24

        func run() async throws {
            let client = try admin.client()
            let start = try CommandLineTime.milliseconds(from, option: "--from")
            let end = try to.map { try CommandLineTime.milliseconds($0, option: "--to") } ?? Int64(Date().timeIntervalSince1970 * 1000)
            guard start < end else { throw ValidationError("--from must be before --to") }
            guard chunkHours > 0 else { throw ValidationError("--chunk-hours must be positive") }
            let key = action.key()
            let chunk = Int64(chunkHours) * 3_600_000
            var totals = (seen: 0, known: 0, recovered: 0, rejected: 0)
            var chunkStart = start
            var index = 0
            while chunkStart < end {
                let chunkEnd = min(end, chunkStart + chunk)
                let body = BackfillRequest(
                    environment: environment, from: chunkStart, to: chunkEnd, reason: action.reason, idempotencyKey: "\(key):\(index)")
                let data = try await client.post(try admin.appPath("/notifications/backfill"), body)
                let result = try JSONDecoder().decode(AdminActionResponse<BackfillResult>.self, from: data).result
                totals.seen += result.seen
                totals.known += result.known
                totals.recovered += result.recovered
                totals.rejected += result.rejected
                let done = Double(chunkEnd - start) / Double(end - start) * 100
                FileHandle.standardError.write(
                    Data(
                        "[\(String(format: "%3.0f", done))%] \(CommandLineTime.text(chunkStart)) – \(CommandLineTime.text(chunkEnd)): \(result.seen) in history, \(result.recovered) recovered\n"
                            .utf8))
                chunkStart = chunkEnd
                index += 1
            }
            if admin.json {
                print(
                    #"{"seen":\#(totals.seen),"known":\#(totals.known),"recovered":\#(totals.recovered),"rejected":\#(totals.rejected)}"#)
            } else {
                print(
                    "seen \(totals.seen), already in the inbox \(totals.known), recovered \(totals.recovered), rejected \(totals.rejected)")
            }
        }
    }

    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test", abstract: "Ask Apple for a TEST notification and show whether it arrived.")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions

        @Option(help: "Sandbox or Production (default: Production when the app serves it).")
        var environment: String?

        @Option(help: "Seconds to wait for it to arrive.")
        var wait = 30

        func run() async throws {
            let client = try admin.client()
            let body = TestNotificationRequest(environment: environment, reason: action.reason, idempotencyKey: action.key())
            let requested = try JSONDecoder().decode(
                AdminActionResponse<TestNotificationResult>.self,
                from: try await client.post(try admin.appPath("/notifications/test"), body)
            ).result
            FileHandle.standardError.write(Data("requested; token \(requested.testNotificationToken)\n".utf8))
            let deadline = Date().addingTimeInterval(TimeInterval(max(0, wait)))
            while true {
                let data = try await client.get(
                    try admin.appPath("/notifications/test/\(AdminClient.pathSegment(requested.testNotificationToken))"),
                    query: ["environment": requested.environment])
                let status = try JSONDecoder().decode(TestNotificationStatusResponse.self, from: data)
                if status.arrived || Date() >= deadline {
                    if admin.json { return print(AdminClient.prettyJSON(data)) }
                    print(
                        status.arrived
                            ? "arrived: \(status.notificationUUID ?? "") is \(status.inbox?.status ?? "") in the inbox"
                            : "not arrived yet; Apple's first send attempt: \(status.firstSendAttemptResult ?? "none")")
                    return
                }
                try await Task.sleep(for: .seconds(1))
            }
        }
    }
}
