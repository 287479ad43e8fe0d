/// The `error` body verifyReceipt returns when a request fails for a general networking reason.
public struct VerifyReceiptErrorBody: Hashable, Sendable, Codable {
    /// The HTTP status code.
    public var code: Int32

    /// Creates a value; every optional field defaults to `nil`.
    public init(code: Int32) {
        self.code = code
    }
}
