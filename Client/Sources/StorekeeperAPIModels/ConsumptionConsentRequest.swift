/// What the customer agreed to share when Apple asks for consumption data (CONSUMPTION_REQUEST).
public struct ConsumptionConsentRequest: Codable, Sendable, Hashable {
    /// Whether the customer consented to sending consumption data to Apple.
    public var consented: Bool
    /// Minutes the customer used the app, if the app tracks it.
    public var playTimeMinutes: Int64?

    public init(consented: Bool, playTimeMinutes: Int64? = nil) {
        self.consented = consented
        self.playTimeMinutes = playTimeMinutes
    }
}
