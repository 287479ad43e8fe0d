import Foundation
package import HTTPTypes
package import Hummingbird
import NIOCore
package import Prometheus
import Storekeeper
import StorekeeperApplication
package import StorekeeperStore

/// Health, readiness, the OpenAPI document and Prometheus metrics. None takes a body.
package struct OperationsRoutes: Sendable {
    package let store: any PurchaseStore
    package let registry: PrometheusCollectorRegistry

    package init(
        store: any PurchaseStore, registry: PrometheusCollectorRegistry
    ) {
        self.store = store
        self.registry = registry
    }

    package func routes(_ router: Router<StorekeeperRequestContext>) {
        router.get("health") { request, _ in
            try await RequestBodyLimit.requireNone(request)
            return try Self.json(#"{"status":"ok"}"#)
        }
        router.get("ready") { request, _ in
            try await RequestBodyLimit.requireNone(request)
            do {
                _ = try await store.read { try await $0.watermark("storekeeper.ready") }
                return try Self.json(#"{"checks":{"storage":"ok"},"status":"ready"}"#)
            } catch {
                return try Self.json(#"{"checks":{"storage":"unavailable"},"status":"unavailable"}"#, status: .serviceUnavailable)
            }
        }
        router.get("openapi.json") { request, _ in
            try await RequestBodyLimit.requireNone(request)
            guard let document = OpenAPIDocument.served else {
                throw StorekeeperError(.internalError, "OpenAPI document missing or broken in the build", kind: .internalFailure)
            }
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: document))
        }
        router.get("metrics") { request, _ in
            try await RequestBodyLimit.requireNone(request)
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
    }

    package static func json(_ text: String, status: HTTPResponse.Status = .ok) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
