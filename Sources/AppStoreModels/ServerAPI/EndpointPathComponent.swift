/// One `/`-separated segment of an Apple endpoint's path template: a literal, or a parameter
/// written `{name}` in the template.
public enum EndpointPathComponent: Hashable, Sendable {
    case literal(String)
    case parameter(String)

    /// The segments of `template` (its leading `/` dropped).
    static func parse(_ template: String) -> [EndpointPathComponent] {
        template.split(separator: "/").map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}")
                ? .parameter(String(segment.dropFirst().dropLast())) : .literal(String(segment))
        }
    }

    /// `/`-joined `components` with `values` in place of the parameters, in order.
    static func fill(_ components: [EndpointPathComponent], with values: [String], endpoint: String) -> String {
        var remaining = values[...]
        var path = ""
        for component in components {
            path += "/"
            switch component {
            case .literal(let text): path += text
            case .parameter(let name):
                guard let value = remaining.popFirst() else {
                    preconditionFailure("\(endpoint): no value for the path parameter \(name)")
                }
                path += value
            }
        }
        precondition(remaining.isEmpty, "\(endpoint): \(remaining.count) path values more than the template has")
        return path
    }
}
