import AppStoreModels
import AppStoreVerification

/// Verifies arbitrary bytes as every kind of signed App Store data, under Apple's root.
/// Anything but a typed `VerificationError` (a crash, a trap, a hang) is a finding.
let verifier = SignedDataVerifier(
    trustedRoots: .appleRootCAG3,
    expectations: VerificationExpectations(bundleId: "com.example", environments: [.production, .sandbox]))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    _ = try? verifier.verifyNotification(text)
    _ = try? verifier.verifyTransaction(text)
    _ = try? verifier.verifyRenewalInfo(text)
    _ = try? verifier.verifyAppTransaction(text)
    _ = try? verifier.verifyNotificationBody(bytes)
    _ = try? SignedDataKind.detect(text)
    return 0
}

// SwiftPM links an executable's entry point as `FuzzJWS_main`; hand control to libFuzzer's
// driver from there (libFuzzer's own `main` is then not linked in).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("FuzzJWS_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, count in fuzz(data, count) }
}
