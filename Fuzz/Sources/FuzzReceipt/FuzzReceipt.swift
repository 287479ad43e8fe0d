import AppStoreVerification

/// Parses and verifies arbitrary bytes as a PKCS#7 app receipt under Apple Inc. Root.
let verifier = AppReceiptVerifier(trustedRoots: TrustedRoots.appleIncRoot.certificates)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    _ = try? verifier.verify(receiptDER: bytes)
    _ = try? verifier.verify(base64Receipt: String(decoding: bytes, as: UTF8.self))
    return 0
}
