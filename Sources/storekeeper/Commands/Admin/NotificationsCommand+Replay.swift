import ArgumentParser
import Foundation
import StorekeeperAPIModels

extension NotificationsCommand {
    /// `notifications replay <id>`, or `notifications replay --status failed ...` for every
    /// entry a filter selects, a page at a time with progress.
    struct Replay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Replay stored notification bodies (same effect rules as first delivery: applied at most once).")

        @OptionGroup var admin: AdminOptions
        @OptionGroup var action: AppleActionOptions
        @OptionGroup var filters: Filters

        @Argument(help: "One notification id; omit to replay every entry the filters select.")
        var id: String?

        @Option(help: "Entries per request (1–500).")
        var pageSize = 100

        func run() async throws {
            let client = try admin.client()
            let key = action.key()
            if let id {
                let data = try await client.post(
                    try admin.appPath("/notifications/\(AdminClient.pathSegment(id))/replay"),
                    ["reason": action.reason, "idempotencyKey": key])
                if admin.json { return print(AdminClient.prettyJSON(data)) }
                let answer = try JSONDecoder().decode(AdminActionResponse<ReplayOutcome>.self, from: data)
                print(Self.table([answer.result]), terminator: "")
                return
            }
            var before: String?
            var page = 0
            var totals = (attempted: 0, processed: 0, duplicate: 0, rejected: 0, retry: 0)
            var outcomes: [ReplayOutcome] = []
            repeat {
                let body = ReplayRangeRequest(
                    status: filters.status, type: filters.type, subtype: filters.subtype, environment: filters.environment,
                    from: try filters.from.map { try CommandLineTime.milliseconds($0, option: "--from") },
                    to: try filters.to.map { try CommandLineTime.milliseconds($0, option: "--to") }, before: before, limit: pageSize,
                    reason: action.reason, idempotencyKey: "\(key):\(page)")
                let data = try await client.post(try admin.appPath("/notifications/replay"), body)
                let result = try JSONDecoder().decode(AdminActionResponse<ReplayRangeResult>.self, from: data).result
                totals.attempted += result.attempted
                totals.processed += result.processed
                totals.duplicate += result.duplicate
                totals.rejected += result.rejected
                totals.retry += result.retry
                outcomes += result.outcomes
                FileHandle.standardError.write(
                    Data(
                        "page \(page + 1): \(result.attempted) replayed (\(totals.attempted) so far: \(totals.processed) processed, \(totals.duplicate) duplicate, \(totals.rejected) rejected, \(totals.retry) to retry)\n"
                            .utf8))
                before = result.next
                page += 1
            } while before != nil
            if admin.json {
                print(
                    #"{"attempted":\#(totals.attempted),"processed":\#(totals.processed),"duplicate":\#(totals.duplicate),"rejected":\#(totals.rejected),"retry":\#(totals.retry)}"#
                )
            } else {
                print(Self.table(outcomes), terminator: "")
            }
        }

        /// Replay outcomes as a table.
        static func table(_ outcomes: [ReplayOutcome]) -> String {
            var table = TextTable(["ID", "OUTCOME", "BEFORE", "AFTER", "ERROR"])
            for outcome in outcomes {
                table.append([
                    outcome.id, outcome.outcome, outcome.statusBefore, outcome.statusAfter, String((outcome.error ?? "").prefix(80)),
                ])
            }
            return table.text
        }
    }
}
