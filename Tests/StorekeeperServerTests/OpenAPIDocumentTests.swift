import Foundation
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// The served OpenAPI document assembles from its fragments: no path or schema defined twice
/// (the assembly refuses that, and `/openapi.json` would answer 500), and every `$ref` names a
/// schema that exists.
@Suite struct OpenAPIDocumentTests {
    @Test func theFragmentsAssembleIntoOneDocumentWhoseReferencesResolve() throws {
        let data = try OpenAPIDocument.assemble()
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        var unresolved: Set<String> = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String {
                    let name = String(reference.dropFirst("#/components/schemas/".count))
                    if !reference.hasPrefix("#/components/schemas/") || schemas[name] == nil { unresolved.insert(reference) }
                }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(document)
        #expect(unresolved.isEmpty, "unresolved: \(unresolved.sorted())")
        #expect(OpenAPIDocument.served != nil)
    }
}
