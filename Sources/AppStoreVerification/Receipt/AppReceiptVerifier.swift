internal import AppStoreModels
internal import Crypto
internal import Foundation
public import X509
internal import _CryptoExtras

/// Verifies legacy App Store app receipts (PKCS#7 / CMS SignedData) locally, without calling Apple.
///
/// A receipt is accepted when:
/// 1. it is well-formed BER/DER within the size caps (otherwise `malformed`);
/// 2. its signer's chain leads to a trusted root through an Apple-marked intermediate
///    (`invalidCertificateChain`), SHA-1-era (WWDR G1) and SHA-256-era chains alike: the leaf is
///    the certificate the SignerInfo names, holds an RSA key and Apple's receipt-signing marker
///    1.2.840.113635.100.6.11.1, is not a CA and may sign; the intermediate is a carried
///    certificate whose key verifies the leaf, with Apple's WWDR marker 1.2.840.113635.100.6.2.1,
///    CA basic constraints and certificate-signing key usage; a configured root's key verifies the
///    intermediate (a root the receipt carries is never trusted for being there);
/// 3. the RSA PKCS#1 v1.5 signature (SHA-1 or SHA-256, as the SignerInfo says) verifies over
///    the payload, or over the signed attributes whose `messageDigest` matches the payload
///    (`invalidSignature`);
/// 4. every certificate of the chain was valid at the receipt creation date
///    (`certificateExpired`; a receipt without one fails with `missingField`);
/// 5. the payload matches the ``AppReceiptExpectations`` (`wrongBundleId`, `wrongAppAppleId`,
///    `wrongEnvironment`).
///
/// Chain validation is cached by the exact certificate bytes, so steady-state verification is one
/// RSA check plus parsing. The verifier is a value: copies share the cache.
public struct AppReceiptVerifier: Sendable {
    public let trustedRoots: [Certificate]
    public var expectations: AppReceiptExpectations
    public var limits: ReceiptSizeLimits
    private let cache: ReceiptChainCache

    /// - Parameters:
    ///   - trustedRoots: the roots a chain must end at (``init(expectations:limits:)`` uses the
    ///     Apple Inc. Root shipped in this module, `Roots/AppleIncRootCertificate.pem`).
    ///   - expectations: what receipts must be bound to; `.none` checks signature and chain only.
    ///   - limits: size caps applied before parsing.
    ///   - chainCacheCapacity: how many distinct certificate chains to remember.
    public init(
        trustedRoots: [Certificate],
        expectations: AppReceiptExpectations = .none,
        limits: ReceiptSizeLimits = .default,
        chainCacheCapacity: Int = 32
    ) {
        self.trustedRoots = trustedRoots
        self.expectations = expectations
        self.limits = limits
        self.cache = ReceiptChainCache(capacity: chainCacheCapacity)
    }

    /// A verifier that trusts only the Apple Inc. Root shipped with this module.
    public init(expectations: AppReceiptExpectations = .none, limits: ReceiptSizeLimits = .default) throws {
        self.init(trustedRoots: [try Self.appleIncRoot()], expectations: expectations, limits: limits)
    }

    /// The Apple Inc. Root certificate (CN=Apple Root CA) shipped in this module's resources.
    public static func appleIncRoot() throws -> Certificate {
        guard let url = Bundle.module.url(forResource: "AppleIncRootCertificate", withExtension: "pem", subdirectory: "Roots")
        else {
            throw VerificationError.invalidCertificateChain("Roots/AppleIncRootCertificate.pem is missing from the module bundle")
        }
        return try Certificate(pemEncoded: String(contentsOf: url, encoding: .utf8))
    }

    /// Verifies a base64 receipt (as apps send it; line breaks are ignored).
    public func verify(base64Receipt: String) throws(VerificationError) -> VerifiedAppReceipt {
        try verify(receiptDER: ReceiptBase64.decode(base64Receipt, limits: limits, what: "receipt"))
    }

    /// Verifies a receipt given as its PKCS#7 bytes (BER or DER).
    public func verify(receiptDER: [UInt8]) throws(VerificationError) -> VerifiedAppReceipt {
        guard receiptDER.count <= limits.maximumDERLength else {
            throw .malformed("receipt is \(receiptDER.count) bytes, more than the \(limits.maximumDERLength) allowed")
        }
        let signed = try CMSSignedData.parse(receiptDER)
        guard signed.contentType.elementsEqual(CMSObjectIdentifiers.dataBytes) else {
            throw .malformed(
                "receipt content type is \(CMSObjectIdentifiers.describe(signed.contentType)), not data (1.2.840.113549.1.7.1)"
            )
        }
        guard let content = signed.content else { throw .malformed("receipt carries no encapsulated content") }
        guard signed.signerInfos.count == 1, let signer = signed.signerInfos.first else {
            throw .malformed("receipt has \(signed.signerInfos.count) signers, expected exactly one")
        }

        let key = ReceiptChainCache.key(signer: signer, certificates: signed.certificates)
        let chain: ReceiptCertificateChain
        if let cached = cache.lookup(key) {
            chain = cached
        } else {
            chain = try ReceiptCertificateChain.validate(certificates: signed.certificates, signer: signer, roots: trustedRoots)
            cache.store(chain, for: key)
        }

        let digestName = try Self.verifySignature(signer: signer, content: content, key: chain.leafKey)
        let receipt = try AppReceiptPayload.decode(content)

        guard let created = receipt.receiptCreationDate else {
            throw .missingField("receipt has no receipt_creation_date (attribute 12) to judge certificate validity at")
        }
        guard chain.validity.contains(created) else {
            throw .certificateExpired(
                "receipt created at \(created) is outside the certificate chain's validity \(chain.validity.lowerBound) – \(chain.validity.upperBound)"
            )
        }
        try expectations.check(receipt)
        return VerifiedAppReceipt(
            receipt: receipt,
            environment: receipt.environment,
            signedDate: created,
            digestAlgorithm: digestName,
            chainValidity: chain.validity
        )
    }

    /// How many distinct certificate chains are cached (for tests and metrics).
    public var cachedChainCount: Int { cache.count }
}
