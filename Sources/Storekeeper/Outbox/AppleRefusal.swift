public import AppStoreModels

/// Apple's answers that no retry changes, for the calls the outbox makes to Apple: the message is
/// recorded as skipped, with Apple's reason, instead of being retried until its deadline. Each
/// endpoint's list is the errors Apple documents for it that describe the transaction (not the
/// request's timing): what Apple refuses for this purchase it refuses every time.
public enum AppleRefusal {
    public enum Call: Sendable {
        /// Set App Account Token.
        case setAppAccountToken
        /// Send Consumption Information (the answer to a CONSUMPTION_REQUEST).
        case sendConsumption
        /// Finish Transaction.
        case finishTransaction
    }

    /// InvalidAssignedTransactionNotSupportedError (API 1.22): the transaction is one an
    /// organization or group assigned to the customer, which Set App Account Token and Send
    /// Consumption Information do not support.
    public static let assignedTransactionNotSupported = APIErrorCode(rawValue: 4_000_227)

    /// The permanent refusals of `call`, with the name Apple gives each.
    public static func permanent(_ call: Call) -> [APIErrorCode: String] {
        switch call {
        case .setAppAccountToken:
            [
                .invalidTransactionId: "InvalidTransactionIdError",
                .appTransactionIdNotSupported: "AppTransactionIdNotSupportedError",
                .familyTransactionNotSupported: "FamilyTransactionNotSupportedError",
                .invalidAppAccountTokenUUID: "InvalidAppAccountTokenUUIDError",
                .transactionIdIsNotOriginalTransactionId: "TransactionIdIsNotOriginalTransactionIdError",
                .originalTransactionIdNotFound: "OriginalTransactionIdNotFoundError",
                assignedTransactionNotSupported: "InvalidAssignedTransactionNotSupportedError",
            ]
        case .sendConsumption:
            [
                .invalidTransactionId: "InvalidTransactionIdError",
                .invalidTransactionNotConsumable: "InvalidTransactionNotConsumableError",
                .invalidTransactionTypeNotSupported: "InvalidTransactionTypeNotSupportedError",
                .transactionIdNotFound: "TransactionIdNotFoundError",
                assignedTransactionNotSupported: "InvalidAssignedTransactionNotSupportedError",
            ]
        case .finishTransaction:
            [
                .invalidTransactionId: "InvalidTransactionIdError",
                .transactionIdNotFound: "TransactionIdNotFoundError",
            ]
        }
    }

    /// Why the outbox gives up on `call` after Apple answered `errorCode`: `nil` when a retry may
    /// still succeed (a rate limit, a server error, an unknown answer).
    public static func reason(_ call: Call, errorCode: APIErrorCode?) -> String? {
        guard let errorCode, let name = permanent(call)[errorCode] else { return nil }
        return "Apple refuses this transaction here: \(errorCode.rawValue) \(name)"
    }
}
