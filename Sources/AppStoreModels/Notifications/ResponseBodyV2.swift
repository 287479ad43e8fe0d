/// The HTTP body the App Store POSTs to your App Store Server Notifications V2 endpoint.
public struct ResponseBodyV2: Hashable, Sendable, Codable {
    /// The notification, a JWS whose payload is a ``ResponseBodyV2DecodedPayload``.
    public var signedPayload: String

    /// Creates a value; every optional field defaults to `nil`.
    public init(signedPayload: String) {
        self.signedPayload = signedPayload
    }
}
