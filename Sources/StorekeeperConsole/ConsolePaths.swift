package import Foundation
package import Storekeeper
import StorekeeperApplication
import StorekeeperHTTP

/// The console's URLs, built in one place.
package enum ConsolePaths {
    package static let root = "/console"
    package static let signIn = "/console/sign-in"
    package static let signOut = "/console/sign-out"
    package static let operators = "/console/operators"

    package static func app(_ app: String, _ section: ConsoleFrame.Section) -> String {
        "/console/apps/\(escape(app))/\(section.rawValue)"
    }

    package static func customer(_ app: String, _ customer: String) -> String {
        "/console/apps/\(escape(app))/customers/\(escape(customer))"
    }

    /// A group subscription's page (its purchaser's original transaction, in its environment).
    package static func group(_ app: String, _ group: PurchaseKey) -> String {
        "/console/apps/\(escape(app))/groups/\(escape(group.originalTransactionId))?environment=\(escape(group.environment.rawValue))"
    }

    /// A path segment, percent-encoded (customer ids may hold `:` and `@`).
    package static func escape(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .consolePathSegment) ?? segment
    }

    /// A query value, percent-encoded.
    package static func query(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .consoleQueryValue) ?? value
    }
}

extension CharacterSet {
    /// Unreserved characters: everything else in a path segment is percent-encoded.
    package static let consolePathSegment = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    package static let consoleQueryValue = consolePathSegment
}
