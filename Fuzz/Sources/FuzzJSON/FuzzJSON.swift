import AppStoreModels

/// Decodes arbitrary bytes with the strict JSON decoder as each signed payload type.
let decoder = FastJSONDecoder()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    _ = try? decoder.decode(ResponseBodyV2DecodedPayload.self, from: bytes)
    _ = try? decoder.decode(JWSTransactionDecodedPayload.self, from: bytes)
    _ = try? decoder.decode(JWSRenewalInfoDecodedPayload.self, from: bytes)
    _ = try? decoder.decode(AppTransaction.self, from: bytes)
    return 0
}

// SwiftPM links an executable's entry point as `FuzzJSON_main`; hand control to libFuzzer's
// driver from there (libFuzzer's own `main` is then not linked in).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("FuzzJSON_main")
func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, count in fuzz(data, count) }
}
