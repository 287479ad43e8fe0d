import Foundation
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// The served OpenAPI document assembles from its fragments: no path or schema defined twice
/// (the assembly refuses that, and `/openapi.json` would answer 500), and every `$ref` names a
/// component (a schema, a parameter) that exists.
@Suite struct OpenAPIDocumentTests {
    @Test func theFragmentsAssembleIntoOneDocumentWhoseReferencesResolve() throws {
        let data = try OpenAPIDocument.assemble()
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let components = try #require(document["components"] as? [String: Any])
        var unresolved: Set<String> = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String {
                    let parts = reference.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                    let resolved =
                        parts.count == 4 && parts[0] == "#" && parts[1] == "components"
                        && (components[parts[2]] as? [String: Any])?[parts[3]] != nil
                    if !resolved { unresolved.insert(reference) }
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
