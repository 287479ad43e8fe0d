/// The consent as stored after `PUT .../consumption-consent`.
public struct ConsumptionConsentResponse: Codable, Sendable, Hashable {
    public var customerId: String
    public var consented: Bool
    public var playTimeMinutes: Int64?

    public init(customerId: String, consented: Bool, playTimeMinutes: Int64? = nil) {
        self.customerId = customerId
        self.consented = consented
        self.playTimeMinutes = playTimeMinutes
    }
}
