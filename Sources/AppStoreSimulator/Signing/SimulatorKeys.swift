public import AppStoreVerification
import Crypto
public import Foundation
import X509
import _CryptoExtras

/// The simulator's signing material: an Apple-shaped ECDSA chain for StoreKit 2 JWS and an
/// Apple-shaped RSA chain for legacy receipts. Nothing trusts either unless told to.
public struct SimulatorKeys: Sendable {
    public let pki: AppleShapedPKI
    public let receiptChain: ReceiptSigningChain

    public init(pki: AppleShapedPKI, receiptChain: ReceiptSigningChain) {
        self.pki = pki
        self.receiptChain = receiptChain
    }

    /// Mints both chains, valid 2015–2045 so any simulated date in between signs validly; with
    /// `ocspURL`, the JWS leaf and intermediate name that OCSP responder (the simulator's `/ocsp`).
    public static func generate(ocspURL: String? = nil) throws -> SimulatorKeys {
        var options = AppleShapedPKI.Options()
        options.ocspURL = ocspURL
        options.notValidBefore = Date(timeIntervalSince1970: 1_420_070_400)  // 2015-01-01
        options.notValidAfter = Date(timeIntervalSince1970: 2_366_841_600)  // 2045-01-01
        return SimulatorKeys(
            pki: try AppleShapedPKI(options: options),
            receiptChain: try ReceiptSigningChain.mint(
                notValidBefore: options.notValidBefore, notValidAfter: options.notValidAfter))
    }

    /// The JWS root certificate (PEM) a Storekeeper instance trusts to accept simulator data.
    public var rootCertificatePEM: String {
        get throws { try pki.root.serializeAsPEM().pemString }
    }

    /// The receipt root certificate (PEM) for legacy receipt verification.
    public var receiptRootCertificatePEM: String {
        get throws { try receiptChain.root.serializeAsPEM().pemString }
    }

    /// Roots that accept what the simulator signs: the JWS root.
    public var trustedRoots: TrustedRoots {
        get throws { try pki.trustedRoots }
    }

    // MARK: Persistence

    private static let files = [
        "jws-root.pem", "jws-intermediate.pem", "jws-leaf.pem", "jws-root-key.pem", "jws-intermediate-key.pem",
        "jws-leaf-key.pem", "receipt-root.pem", "receipt-intermediate.pem", "receipt-leaf.pem",
        "receipt-leaf-key.pem",
    ]

    /// Loads the chains from `directory`, or mints and writes them there when absent, so a
    /// restarted simulator signs with the same chain (`ocspURL` only matters when minting).
    public static func loadOrGenerate(in directory: URL, ocspURL: String? = nil) throws -> SimulatorKeys {
        let urls = files.map { directory.appendingPathComponent($0) }
        if urls.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) {
            let text = try urls.map { try String(contentsOf: $0, encoding: .utf8) }
            let pki = AppleShapedPKI(
                root: try Certificate(pemEncoded: text[0]), intermediate: try Certificate(pemEncoded: text[1]),
                leaf: try Certificate(pemEncoded: text[2]), rootKey: try .init(pemRepresentation: text[3]),
                intermediateKey: try .init(pemRepresentation: text[4]), leafKey: try .init(pemRepresentation: text[5]))
            let chain = ReceiptSigningChain(
                root: try Certificate(pemEncoded: text[6]), intermediate: try Certificate(pemEncoded: text[7]),
                leaf: try Certificate(pemEncoded: text[8]),
                leafPrivateKey: try _RSA.Signing.PrivateKey(pemRepresentation: text[9]))
            return SimulatorKeys(pki: pki, receiptChain: chain)
        }
        let keys = try generate(ocspURL: ocspURL)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let contents = [
            try keys.pki.root.serializeAsPEM().pemString, try keys.pki.intermediate.serializeAsPEM().pemString,
            try keys.pki.leaf.serializeAsPEM().pemString, keys.pki.rootKey.pemRepresentation,
            keys.pki.intermediateKey.pemRepresentation, keys.pki.leafKey.pemRepresentation,
            try keys.receiptChain.root.serializeAsPEM().pemString,
            try keys.receiptChain.intermediate.serializeAsPEM().pemString,
            try keys.receiptChain.leaf.serializeAsPEM().pemString, keys.receiptChain.leafPrivateKey.pemRepresentation,
        ]
        for (url, text) in zip(urls, contents) {
            try Data(text.utf8).write(to: url, options: .atomic)
        }
        return keys
    }
}
