/// Small helpers shared by the receipt parsers: they turn library errors into
/// ``VerificationError/malformed(_:)`` while keeping the cause in the reason.
enum ReceiptDecoding {
    /// Runs `body`, keeping a thrown ``VerificationError`` as it is and turning any other error
    /// into `.malformed("<what>: <cause>")`.
    static func decoding<T>(
        _ what: @autoclosure () -> String,
        _ body: () throws -> T
    ) throws(VerificationError) -> T {
        do {
            return try body()
        } catch let error as VerificationError {
            throw error
        } catch {
            throw .malformed("\(what()): \(error)")
        }
    }
}
