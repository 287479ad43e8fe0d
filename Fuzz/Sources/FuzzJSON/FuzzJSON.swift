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
