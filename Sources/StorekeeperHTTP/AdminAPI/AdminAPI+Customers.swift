import AppStoreModels
import Foundation
package import Hummingbird
import Storekeeper
import StorekeeperApplication

/// Finding a customer and reading everything about them (viewer role):
/// - `GET /v1/admin/apps/{app}/search?q=`: any identifier (``SearchQuery``) → the customers it leads to;
/// - `GET .../customers/{customer}`: the whole record (``AdminCustomerRecord``);
/// - `GET .../customers/{customer}/orders?before=&limit=` and `.../ledger?before=&limit=`: older pages;
/// - `GET .../customers/{customer}/timeline?kind=&before=&limit=&raw=`: Apple's facts, our changes and
///   operators' actions, newest first (``AdminTimelinePage``), with `raw=true` each with the
///   signed data held for it;
/// - `GET .../customers/{customer}/timeline/{entry}/raw`: the signed data behind an entry.
extension AdminAPI {
    package func customerRoutes(_ app: RouterGroup<StorekeeperRequestContext>) {
        app.get("search", use: search)
        app.get("customers/:customer", use: customerRecord)
        app.get("customers/:customer/orders", use: customerOrders)
        app.get("customers/:customer/ledger", use: customerLedger)
        app.get("customers/:customer/timeline", use: customerTimeline)
        app.get("customers/:customer/timeline/:entry/raw", use: timelineRaw)
    }

    @Sendable package func search(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        guard let text = request.uri.queryParameters.get("q") else { throw StorekeeperError.invalidRequest("q is required") }
        let service = CustomerSearchService(store: store, app: call.app, apple: call.services.runtime.apple)
        return try json(try await service.search(text))
    }

    @Sendable package func customerRecord(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        let customerId = try context.customer(in: call.services.customerSpace)
        return try json(try await CustomerRecordService(store: store, now: now).record(customerId))
    }

    @Sendable package func customerOrders(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        let customerId = try context.customer(in: call.services.customerSpace)
        let limit = try limit(request, defaultValue: CustomerRecordService.pageLimit, maximum: CustomerRecordService.maximumPage)
        return try json(
            try await CustomerRecordService(store: store, now: now).orders(
                customerId, before: request.uri.queryParameters.get("before").map { String($0) }, limit: limit))
    }

    @Sendable package func customerLedger(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        let customerId = try context.customer(in: call.services.customerSpace)
        let limit = try limit(request, defaultValue: CustomerRecordService.pageLimit, maximum: CustomerRecordService.maximumPage)
        return try json(
            try await CustomerRecordService(store: store, now: now).ledger(
                customerId, before: request.uri.queryParameters.get("before").map { String($0) }, limit: limit))
    }

    @Sendable package func customerTimeline(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        let customerId = try context.customer(in: call.services.customerSpace)
        let query = request.uri.queryParameters
        let kinds =
            try query.get("kind").map { list in
                guard let kinds = TimelineKind.parse(String(list)) else {
                    throw StorekeeperError.invalidRequest(
                        "kind must be a comma-separated list of " + TimelineKind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return kinds
            } ?? Set(TimelineKind.allCases)
        let before = try query.get("before").map { cursor in
            guard let position = TimelinePosition(cursor: String(cursor)) else {
                throw StorekeeperError.invalidRequest("before must be a previous page's nextCursor")
            }
            return position
        }
        let raw = try query.get("raw").map { text in
            guard let raw = Bool(String(text)) else { throw StorekeeperError.invalidRequest("raw must be true or false") }
            return raw
        }
        let limit = try limit(request, defaultValue: TimelineService.defaultLimit, maximum: TimelineService.maximumLimit)
        let service = TimelineService(store: store, app: call.app, apple: call.services.runtime.apple)
        return try json(try await service.page(customerId, kinds: kinds, before: before, limit: limit, raw: raw ?? false))
    }

    @Sendable package func timelineRaw(_ request: Request, context: StorekeeperRequestContext) async throws -> Response {
        let call = try await call(request, context, role: .viewer)
        try await RequestBodyLimit.requireNone(request)
        let customerId = try context.customer(in: call.services.customerSpace)
        let entry = try context.timelineEntry
        let service = TimelineService(store: store, app: call.app, apple: call.services.runtime.apple)
        return try json(try await service.raw(customerId, entryId: entry))
    }
}
