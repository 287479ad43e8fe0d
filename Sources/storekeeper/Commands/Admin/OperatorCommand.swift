import AppStoreModels
import ArgumentParser
import Foundation
import Logging
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import StorekeeperStore

/// `storekeeper operator create|list|disable`: operator accounts, on the store directly (the
/// configuration's storage), so the first admin can be made before anyone can sign in.
/// Changes are audited as `local:<user>` with the `--reason` given.
struct OperatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operator", abstract: "Manage operator accounts (support and finance staff) of the admin API and console.",
        subcommands: [Create.self, List.self, Disable.self])

    /// Who is at the keyboard, for the audit log.
    static var localActor: AuditActor {
        AuditActor(rawValue: "local:" + (ProcessInfo.processInfo.environment["USER"] ?? "unknown"))
    }

    /// Runs `body` on the configuration's store, migrated.
    static func withStore<T: Sendable>(
        _ options: ConfigurationOptions, _ body: @escaping @Sendable (any PurchaseStore, StorekeeperConfiguration) async throws -> T
    ) async throws -> T {
        let configuration = try await options.load()
        let bootstrap = try await StoreBootstrap.open(configuration.storage, logger: Logger(label: "storekeeper"))
        let result = try await bootstrap.withRunning {
            try await bootstrap.store.migrate()
            return try await body(bootstrap.store, configuration)
        }
        await bootstrap.close()
        return result
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Create an operator and print its key (shown once; only a hash is stored).")

        @OptionGroup var options: ConfigurationOptions

        @Option(help: "A unique name: 1–64 of a-z, 0-9 and ._@- (the audit log names it).")
        var name: String

        @Option(help: "viewer (read), support (act on customers) or admin (also operators).")
        var role: String

        @Option(name: .customLong("app"), help: "An app the operator may see (repeat for several).")
        var apps: [String] = []

        @Option(help: "Why, for the audit log.")
        var reason = "created from the command line"

        @Flag(help: "Print JSON instead of the key alone.")
        var json = false

        func run() async throws {
            guard let role = OperatorRole(rawValue: role) else { throw ValidationError("--role must be viewer, support or admin") }
            let (apps, name, reason) = (apps, name, reason)
            let created = try await OperatorCommand.withStore(options) { store, configuration in
                let known = Set(configuration.apps.map(\.id))
                let unknown = apps.filter { !known.contains($0) }
                guard unknown.isEmpty else { throw ValidationError("no such app in the configuration: \(unknown.joined(separator: ", "))") }
                do {
                    return try await OperatorKeys.create(
                        name: name, role: role, apps: apps, in: store, actor: OperatorCommand.localActor, reason: reason)
                } catch let error as StorekeeperError {
                    throw ValidationError(error.message)
                }
            }
            if json {
                print(#"{"key":"\#(created.key)","name":"\#(created.account.name)","role":"\#(role.rawValue)"}"#)
            } else {
                print(created.key)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List operators.")

        @OptionGroup var options: ConfigurationOptions

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        func run() async throws {
            let accounts = try await OperatorCommand.withStore(options) { store, _ in
                try await store.read { try await $0.operatorAccounts() }
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
                let rows = accounts.map {
                    ListedOperator(name: $0.name, role: $0.role.rawValue, apps: $0.apps, disabled: $0.disabledAt != nil)
                }
                print(String(decoding: try encoder.encode(rows), as: UTF8.self))
                return
            }
            var table = TextTable(["NAME", "ROLE", "APPS", "CREATED", "DISABLED"])
            for account in accounts {
                table.append([
                    account.name, account.role.rawValue, account.apps.joined(separator: ","), account.createdAt.description,
                    account.disabledAt?.description ?? "",
                ])
            }
            print(table.text, terminator: "")
        }

        private struct ListedOperator: Encodable {
            let name: String
            let role: String
            let apps: [String]
            let disabled: Bool
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "disable", abstract: "Disable an operator: its key stops working (within 30 s on running servers).")

        @OptionGroup var options: ConfigurationOptions

        @Option(help: "The operator's name.")
        var name: String

        @Option(help: "Why, for the audit log.")
        var reason: String

        func run() async throws {
            let (name, reason) = (name, reason)
            let disabled = try await OperatorCommand.withStore(options) { store, _ in
                try await OperatorKeys.disable(name: name, in: store, actor: OperatorCommand.localActor, reason: reason)
            }
            guard disabled else { throw ValidationError("no enabled operator named \(name)") }
            print("disabled \(name)")
        }
    }
}
