import Foundation

/// The console's URLs, built in one place.
enum ConsolePaths {
    static let root = "/console"
    static let signIn = "/console/sign-in"
    static let signOut = "/console/sign-out"
    static let operators = "/console/operators"

    static func app(_ app: String, _ section: ConsoleFrame.Section) -> String {
        "/console/apps/\(escape(app))/\(section.rawValue)"
    }

    static func customer(_ app: String, _ customer: String) -> String {
        "/console/apps/\(escape(app))/customers/\(escape(customer))"
    }

    /// A path segment, percent-encoded (customer ids may hold `:` and `@`).
    static func escape(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .consolePathSegment) ?? segment
    }

    /// A query value, percent-encoded.
    static func query(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .consoleQueryValue) ?? value
    }
}

extension CharacterSet {
    /// Unreserved characters: everything else in a path segment is percent-encoded.
    static let consolePathSegment = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    static let consoleQueryValue = consolePathSegment
}
