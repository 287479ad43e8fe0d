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
