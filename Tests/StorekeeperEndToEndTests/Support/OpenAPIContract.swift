import Foundation

/// Checks responses against the OpenAPI document the server serves (`GET /openapi.json`): the
/// operation exists, the status is documented for it, and the JSON body matches the documented
/// schema — required fields, types, enumerations, formats, and no undocumented properties.
///
/// Supports the subset of JSON Schema the document uses: `$ref` to `#/components/schemas/...`,
/// `type`, `required`, `properties`, `additionalProperties`, `items`, `enum`, `format: uuid`,
/// `minimum`, `minLength`, `maxLength`, `pattern`.
struct OpenAPIContract: Sendable {
    let document: JSONValue
    /// Path templates split into segments (`{name}` matches any one segment).
    private let templates: [(template: String, segments: [String])]

    init(_ data: Data) throws {
        document = try JSONValue.parse(data)
        templates = (document["paths"]?.objectValue ?? [:]).keys.sorted().map { template in
            (template, template.split(separator: "/", omittingEmptySubsequences: true).map(String.init))
        }
    }

    /// Everything about one response the document does not describe (empty when it is true).
    func problems(method: String, path: String, status: Int, body: Data) -> [String] {
        let pathOnly = String(path.split(separator: "?", maxSplits: 1).first ?? "")
        guard let template = template(for: pathOnly) else { return ["\(method) \(pathOnly): no such path in openapi.json"] }
        guard let operation = document["paths"]?[template]?[method.lowercased()] else {
            return ["\(method) \(template): no such operation in openapi.json"]
        }
        let where_ = "\(method) \(template) → \(status)"
        guard let response = operation["responses"]?[String(status)] ?? operation["responses"]?["default"] else {
            return ["\(where_): status not documented"]
        }
        guard let schema = response["content"]?["application/json"]?["schema"] else {
            return body.isEmpty ? [] : ["\(where_): a body was returned but none is documented"]
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(body)
        } catch {
            return ["\(where_): body is not JSON: \(String(decoding: body.prefix(200), as: UTF8.self))"]
        }
        return validate(value, against: schema, at: "$").map { "\(where_): \($0)" }
    }

    private func template(for path: String) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let candidates = templates.filter { candidate in
            candidate.segments.count == segments.count
                && zip(candidate.segments, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
        // The most literal template wins (`/orders/{order}` over `/{a}/{b}`).
        return candidates.max { literalCount($0.segments) < literalCount($1.segments) }?.template
    }

    private func literalCount(_ segments: [String]) -> Int { segments.filter { !$0.hasPrefix("{") }.count }

    private func resolve(_ schema: JSONValue) -> JSONValue? {
        guard let ref = schema["$ref"]?.stringValue else { return schema }
        let prefix = "#/components/schemas/"
        guard ref.hasPrefix(prefix) else { return nil }
        return document["components"]?["schemas"]?[String(ref.dropFirst(prefix.count))]
    }

    func validate(_ value: JSONValue, against rawSchema: JSONValue, at path: String) -> [String] {
        guard let schema = resolve(rawSchema) else { return ["\(path): unresolvable schema \(rawSchema)"] }
        var problems: [String] = []
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(value) {
            problems.append("\(path): \(value) is not one of \(allowed.compactMap(\.stringValue))")
        }
        switch schema["type"]?.stringValue {
        case "object":
            guard case .object(let object) = value else { return problems + ["\(path): expected object, got \(value.kind)"] }
            let properties = schema["properties"]?.objectValue ?? [:]
            for case .string(let key) in schema["required"]?.arrayValue ?? [] where object[key] == nil {
                problems.append("\(path): missing required property \(key)")
            }
            for (key, member) in object.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] {
                    problems += validate(member, against: property, at: "\(path).\(key)")
                } else if let additional = schema["additionalProperties"], additional.objectValue != nil {
                    problems += validate(member, against: additional, at: "\(path).\(key)")
                } else if schema["additionalProperties"] != .bool(true) {
                    problems.append("\(path): undocumented property \(key)")
                }
            }
        case "array":
            guard case .array(let items) = value else { return problems + ["\(path): expected array, got \(value.kind)"] }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() {
                    problems += validate(item, against: itemSchema, at: "\(path)[\(index)]")
                }
            }
        case "string":
            guard case .string(let text) = value else { return problems + ["\(path): expected string, got \(value.kind)"] }
            if schema["format"]?.stringValue == "uuid", UUID(uuidString: text) == nil {
                problems.append("\(path): \(text) is not a UUID")
            }
            if case .integer(let minimum) = schema["minLength"], text.count < minimum {
                problems.append("\(path): shorter than \(minimum)")
            }
            if case .integer(let maximum) = schema["maxLength"], text.count > maximum {
                problems.append("\(path): longer than \(maximum)")
            }
            if let pattern = schema["pattern"]?.stringValue, text.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(path): \(text) does not match \(pattern)")
            }
        case "integer":
            guard case .integer(let number) = value else { return problems + ["\(path): expected integer, got \(value.kind)"] }
            if case .integer(let minimum) = schema["minimum"], number < minimum {
                problems.append("\(path): \(number) is below \(minimum)")
            }
        case "number":
            switch value {
            case .integer, .number: break
            default: problems.append("\(path): expected number, got \(value.kind)")
            }
        case "boolean":
            guard case .bool = value else { return problems + ["\(path): expected boolean, got \(value.kind)"] }
        case nil:
            break
        case let other?:
            problems.append("\(path): unsupported schema type \(other)")
        }
        return problems
    }
}
