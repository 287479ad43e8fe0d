package import AppStoreModels
import StorekeeperAPIModels

// How the overview's wire models (`StorekeeperAPIModels`) meet Apple's types: the consumption
// answer as it was sent to Apple.

extension ConsumptionAnswer {
    package init(_ request: ConsumptionRequest) {
        self.init(
            customerConsented: request.customerConsented, consumptionPercentage: request.consumptionPercentage,
            deliveryStatus: request.deliveryStatus.rawValue, refundPreference: request.refundPreference?.rawValue,
            sampleContentProvided: request.sampleContentProvided)
    }
}
