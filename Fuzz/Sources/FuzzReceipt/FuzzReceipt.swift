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

// SwiftPM links an executable's entry point as `FuzzReceipt_main`; hand control to libFuzzer's
// driver from there (libFuzzer's own `main` is then not linked in).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("FuzzReceipt_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, count in fuzz(data, count) }
}
