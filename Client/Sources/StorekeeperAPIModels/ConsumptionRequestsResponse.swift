/// `GET /v1/admin/apps/{app}/consumption-requests`: Apple's CONSUMPTION_REQUESTs and Storekeeper's
/// answers, newest first.
public struct ConsumptionRequestsResponse: Codable, Sendable, Hashable {
    public var consumptionRequests: [ConsumptionRequestBody]
    /// Pass as `before` for the next (older) page; absent on the last page.
    public var nextCursor: String?

    public init(consumptionRequests: [ConsumptionRequestBody], nextCursor: String? = nil) {
        self.consumptionRequests = consumptionRequests
        self.nextCursor = nextCursor
    }
}
