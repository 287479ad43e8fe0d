import AppStoreModels

/// Decodes arbitrary bytes with the strict JSON decoder as each signed payload type; whatever
/// decodes must encode (FastJSONEncoder) and decode back to an equal value.
let decoder = FastJSONDecoder()
let encoder = FastJSONEncoder()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    roundTrip(ResponseBodyV2DecodedPayload.self, bytes)
    roundTrip(JWSTransactionDecodedPayload.self, bytes)
    roundTrip(JWSRenewalInfoDecodedPayload.self, bytes)
    roundTrip(AppTransaction.self, bytes)
    return 0
}

func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ bytes: [UInt8]) {
    guard let value = try? decoder.decode(T.self, from: bytes) else { return }
    let encoded: [UInt8]
    do {
        encoded = try encoder.encode(value)
    } catch {
        fatalError("\(T.self) decoded but does not encode: \(error)")
    }
    guard let again = try? decoder.decode(T.self, from: encoded), again == value else {
        fatalError("\(T.self) does not survive encode and decode: \(String(decoding: encoded, as: UTF8.self))")
    }
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
