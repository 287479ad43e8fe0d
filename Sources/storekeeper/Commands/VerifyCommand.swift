import AppStoreAPI
import AppStoreModels
import AppStoreVerification
import ArgumentParser
import Foundation

/// `storekeeper verify`: verifies signed App Store data in files and prints one JSON line each.
struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify StoreKit 2 JWS, notification bodies and legacy receipts.",
        discussion: """
            Each FILE holds a compact JWS, a JSON body with signedPayload, or a base64 receipt; the \
            kind is detected. Prints one JSON object per file: {"file","valid","kind","decoded","error"}. \
            Exits 0 when every file is valid, 1 when any is rejected, 2 on usage errors. Without \
            --bundle-id and --environment only signature and chain are checked.
            """)

    @Option(name: .customLong("root"), help: "Trusted root certificate (PEM); repeatable. Default: Apple's roots.")
    var roots: [String] = []

    @Option(help: "Required bundle ID.")
    var bundleId: String?

    @Option(help: "Required app Apple ID.")
    var appAppleId: Int64?

    @Option(help: "Required environment: Production or Sandbox.")
    var environment: String?

    @Flag(help: "Also judge certificates valid now and check revocation with OCSP (network).")
    var online = false

    @Argument(help: "Files to verify.")
    var files: [String]

    func validate() throws {
        if let environment, !["Production", "Sandbox"].contains(environment) {
            throw ValidationError("--environment must be Production or Sandbox, not \(environment)")
        }
        if files.isEmpty { throw ValidationError("give at least one FILE") }
    }

    func run() async throws {
        let inspector = try makeInspector()
        var allValid = true
        for file in files {
            let inspection: SignedDataInspector.Inspection
            do {
                let text = try String(contentsOfFile: file, encoding: .utf8)
                inspection = await inspector.inspect(text)
            } catch {
                inspection = .init(error: .malformed("cannot read file: \(error.localizedDescription)"))
            }
            allValid = allValid && inspection.isValid
            print(try VerifyReport(file: file, inspection: inspection).jsonLine())
        }
        if !allValid { throw ExitCode(1) }
    }

    private func makeInspector() throws -> SignedDataInspector {
        let expectations = VerificationExpectations(
            bundleId: bundleId, appAppleId: appAppleId,
            environments: environment.map { [AppStoreEnvironment(rawValue: $0)] })
        let jwsRoots: TrustedRoots
        let receiptRoots: TrustedRoots
        if roots.isEmpty {
            jwsRoots = .appleRootCAG3
            receiptRoots = .appleIncRoot
        } else {
            let pem = try roots.map { path in
                do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
                    throw ValidationError("cannot read --root \(path): \(error.localizedDescription)")
                }
            }.joined(separator: "\n")
            jwsRoots = try TrustedRoots(pem: pem)
            receiptRoots = jwsRoots
        }
        let verifier = SignedDataVerifier(trustedRoots: jwsRoots, expectations: expectations)
        let onlineVerifier =
            online
            ? OnlineSignedDataVerifier(
                offline: verifier, revocation: OCSPRevocationChecker(transport: HTTPOCSPTransport(timeout: .seconds(5))))
            : nil
        return SignedDataInspector(
            jws: verifier, online: onlineVerifier, receipts: ReceiptInspector(trustedRoots: receiptRoots, expectations: expectations))
    }
}

/// One output line of `storekeeper verify`.
struct VerifyReport {
    var file: String
    var inspection: SignedDataInspector.Inspection

    func jsonLine() throws -> String {
        var fields: [String] = []
        fields.append("\"file\":" + (try Self.jsonString(file)))
        fields.append("\"valid\":" + (inspection.isValid ? "true" : "false"))
        if let kind = inspection.kind { fields.append("\"kind\":" + (try Self.jsonString(kind.rawValue))) }
        if let decoded = inspection.decoded { fields.append("\"decoded\":" + String(decoding: decoded, as: UTF8.self)) }
        if let error = inspection.error {
            fields.append(
                "\"error\":{\"code\":" + (try Self.jsonString(error.code.rawValue)) + ",\"reason\":"
                    + (try Self.jsonString(error.reason)) + "}")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func jsonString(_ string: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return String(decoding: try encoder.encode(string), as: UTF8.self)
    }
}
