import AppStoreModels
import Foundation
import Testing

@testable import AppStoreAPI

@Suite("Pagination walkers")
struct PaginationTests {
    @Test("transaction history walks every page by revision, keeping the filters")
    func transactionHistoryPages() async throws {
        let factory = try ClientFactory()
        // Page n answers revision "r<n+1>"; the last page says hasMore false.
        let handler: TestServer.Handler = { request, index in
            let revision = request.queryValues("revision").first
            let expected = index == 0 ? nil : "r\(index)"
            guard revision == expected else { return .appleError(400, 4_000_005, "bad revision \(revision ?? "nil")") }
            let hasMore = index < 3
            return .json(
                200, #"{"revision":"r\#(index + 1)","hasMore":\#(hasMore),"signedTransactions":["t\#(index)a","t\#(index)b"]}"#)
        }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let client = try factory.client(server)
            let filters = TransactionHistoryRequest(productType: [.consumable], sort: .descending)
            var pages: [HistoryResponse] = []
            for try await page in client.transactionHistory(transactionId: "42", request: filters) {
                pages.append(page)
            }
            #expect(pages.count == 4)
            #expect(pages.last?.hasMore == false)
            let requests = server.requests
            #expect(requests.count == 4)
            for request in requests {
                #expect(request.path == "/inApps/v2/history/42")
                #expect(request.queryValues("productType") == ["CONSUMABLE"])
                #expect(request.queryValues("sort") == ["DESCENDING"])
            }
            #expect(requests.map { $0.queryValues("revision").first ?? "-" } == ["-", "r1", "r2", "r3"])
            #expect(pages.flatMap { $0.signedTransactions ?? [] } == ["t0a", "t0b", "t1a", "t1b", "t2a", "t2b", "t3a", "t3b"])
        }
    }

    @Test("allSignedTransactions concatenates pages in order")
    func allSignedTransactions() async throws {
        let factory = try ClientFactory()
        let handler: TestServer.Handler = { _, index in
            .json(200, #"{"revision":"r\#(index + 1)","hasMore":\#(index < 2),"signedTransactions":["t\#(index)"]}"#)
        }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let client = try factory.client(server)
            let all = try await client.allSignedTransactions(transactionId: "7")
            #expect(all == ["t0", "t1", "t2"])
        }
    }

    @Test("refund history walks by revision and can resume from a stored revision")
    func refundHistoryPages() async throws {
        let factory = try ClientFactory()
        let handler: TestServer.Handler = { request, _ in
            let revision = request.queryValues("revision").first ?? "start"
            switch revision {
            case "start": return .json(200, #"{"signedTransactions":["a"],"revision":"p2","hasMore":true}"#)
            case "p2": return .json(200, #"{"signedTransactions":["b"],"revision":"p3","hasMore":true}"#)
            case "p3": return .json(200, #"{"signedTransactions":["c"],"revision":"end","hasMore":false}"#)
            default: return .json(200, #"{"signedTransactions":[],"revision":"end","hasMore":false}"#)
            }
        }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let client = try factory.client(server)
            #expect(try await client.allRefundedTransactions(transactionId: "9") == ["a", "b", "c"])
            var resumed: [RefundHistoryResponse] = []
            for try await page in client.refundHistory(transactionId: "9", revision: "p3") { resumed.append(page) }
            #expect(resumed.map { $0.signedTransactions ?? [] } == [["c"]])
            #expect(server.requests.map { $0.queryValues("revision").first ?? "-" } == ["-", "p2", "p3", "p3"])
        }
    }

    @Test("notification history walks by paginationToken with the same body")
    func notificationHistoryPages() async throws {
        let factory = try ClientFactory()
        let handler: TestServer.Handler = { request, index in
            let token = request.queryValues("paginationToken").first
            guard token == (index == 0 ? nil : "tok\(index)") else { return .appleError(400, 4_000_014, "bad token") }
            let more = index < 2
            let next = more ? #""paginationToken":"tok\#(index + 1)","# : ""
            return .json(200, #"{\#(next)"hasMore":\#(more),"notificationHistory":[{"signedPayload":"n\#(index)"}]}"#)
        }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let client = try factory.client(server)
            let request = NotificationHistoryRequest(
                startDate: Timestamp(millisecondsSince1970: 1_700_000_000_000),
                endDate: Timestamp(millisecondsSince1970: 1_700_000_100_000), onlyFailures: true)
            let items = try await client.allNotificationHistory(request: request)
            #expect(items.map(\.signedPayload) == ["n0", "n1", "n2"])
            let requests = server.requests
            #expect(requests.count == 3)
            let bodies = Set(requests.map { String(decoding: $0.body, as: UTF8.self) })
            #expect(bodies.count == 1, "every page sends the same body")
            #expect(requests.allSatisfy { $0.method == "POST" })
        }
    }

    @Test("hasMore without a new token ends with invalidResponse instead of looping")
    func repeatedTokenStops() async throws {
        let factory = try ClientFactory()
        let handler: TestServer.Handler = { _, _ in
            .json(200, #"{"revision":"same","hasMore":true,"signedTransactions":["x"]}"#)
        }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let client = try factory.client(server)
            var pages = 0
            let error = await #expect(throws: AppStoreAPIError.self) {
                for try await _ in client.transactionHistory(transactionId: "1") { pages += 1 }
            }
            #expect(error?.code == .invalidResponse)
            #expect(pages == 1)
            #expect(server.requests.count == 2)
        }
    }

    @Test("a page that fails stops the walk with that page's error")
    func failingPage() async throws {
        let factory = try ClientFactory()
        let handler: TestServer.Handler = { _, index in
            index == 0
                ? .json(200, #"{"revision":"r1","hasMore":true,"signedTransactions":["x"]}"#)
                : .appleError(404, 4_040_010, "Transaction id not found.")
        }
        try await TestServer.with(clock: factory.clock, handler: handler) { server in
            let client = try factory.client(server)
            let error = await #expect(throws: AppStoreAPIError.self) {
                _ = try await client.allSignedTransactions(transactionId: "1")
            }
            #expect(error?.code == .notFound)
            #expect(error?.errorCode == .transactionIdNotFound)
        }
    }
}
