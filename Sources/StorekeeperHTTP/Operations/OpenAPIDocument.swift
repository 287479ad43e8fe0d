package import Foundation
package import NIOCore
import StorekeeperApplication

/// The OpenAPI document `GET /openapi.json` serves: `Resources/openapi.json` (the app API, the
/// shared schemas and security schemes) with every fragment in `Resources/openapi/*.json` merged
/// in, in name order. A fragment holds `paths` and `components.schemas` of one topic (the admin
/// API's, one file per topic), so each topic's document lives beside its routes' concern.
package enum OpenAPIDocument {
    /// Why the document could not be assembled.
    package struct Problem: Error, CustomStringConvertible {
        package let description: String
    }

    /// The merged document as served, assembled once; `nil` when a resource is missing or
    /// broken (then `/openapi.json` answers 500 and the tests that read it fail).
    package static let served: ByteBuffer? = try? ByteBuffer(data: assemble())

    /// Merges the base document and the fragments. A path or schema defined twice is an error,
    /// not an override.
    package static func assemble() throws -> Data {
        guard let base = Bundle.module.url(forResource: "openapi", withExtension: "json", subdirectory: "Resources") else {
            throw Problem(description: "Resources/openapi.json is missing from the build")
        }
        guard var document = try JSONSerialization.jsonObject(with: Data(contentsOf: base)) as? [String: Any] else {
            throw Problem(description: "Resources/openapi.json is not a JSON object")
        }
        let directory = base.deletingLastPathComponent().appendingPathComponent("openapi", isDirectory: true)
        let fragments = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        var paths = document["paths"] as? [String: Any] ?? [:]
        var components = document["components"] as? [String: Any] ?? [:]
        var schemas = components["schemas"] as? [String: Any] ?? [:]
        for url in fragments {
            let name = url.lastPathComponent
            guard let fragment = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] else {
                throw Problem(description: "openapi/\(name) is not a JSON object")
            }
            for (path, item) in fragment["paths"] as? [String: Any] ?? [:] {
                guard paths[path] == nil else { throw Problem(description: "openapi/\(name) defines \(path) again") }
                paths[path] = item
            }
            let fragmentSchemas = (fragment["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
            for (schema, definition) in fragmentSchemas {
                guard schemas[schema] == nil else { throw Problem(description: "openapi/\(name) defines schema \(schema) again") }
                schemas[schema] = definition
            }
        }
        components["schemas"] = schemas
        document["paths"] = paths
        document["components"] = components
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
    }
}
