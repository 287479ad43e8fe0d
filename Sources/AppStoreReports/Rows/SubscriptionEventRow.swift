/// One row of a Sales and Trends SUBSCRIPTION_EVENT / SUMMARY report: how many times one
/// lifecycle event happened to one subscription on one day, for one combination of the other
/// columns.
///
/// Columns as documented for Subscription Event Report version 1_3 in App Store Connect Help
/// ("Subscription Event Report", developer.apple.com/help/app-store-connect/reference/subscription-event-report);
/// event names (`Subscribe`, `Renew`, `Refund`, …) are in Apple's "Subscription events" page and
/// kept as text. Only `Event Date`, `Event` and `Quantity` are required; other columns read as
/// nil when absent; unknown columns are kept. Dates are read in either notation and written
/// `YYYY-MM-DD`, as subscription reports print them.
public struct SubscriptionEventRow: AppleReportRow {
    /// The day the event occurred.
    public var eventDate: ReportDay
    /// The event, as Apple names it.
    public var event: String
    /// The parent app's title.
    public var appName: String?
    /// The parent app's Apple ID.
    public var appAppleID: String?
    /// The subscription's title.
    public var subscriptionName: String?
    /// The subscription's Apple ID.
    public var subscriptionAppleID: String?
    /// The subscription group ID.
    public var subscriptionGroupID: String?
    /// The standard duration (`7 Days`, `1 Month`, … `1 Year`).
    public var standardSubscriptionDuration: String?
    /// The offer's pricing (`Pay Up Front`, `Pay As You Go`, `Free Trial`).
    public var subscriptionOfferType: String?
    /// The offer's duration.
    public var subscriptionOfferDuration: String?
    /// `Yes` when the subscription included a marketing opt-in.
    public var marketingOptIn: String?
    /// The opt-in's duration.
    public var marketingOptInDuration: String?
    /// `Yes` when a renewal kept a preserved price.
    public var preservedPricing: String?
    /// `Rate After One Year` when the reduced commission applies.
    public var proceedsReason: String?
    /// The offer's reference name.
    public var subscriptionOfferName: String?
    /// The promotional offer's identifier.
    public var promotionalOfferID: String?
    /// Consecutive paid periods so far.
    public var consecutivePaidPeriods: Int?
    /// The subscription's original start day.
    public var originalStartDate: ReportDay?
    /// The client, when not the App Store itself.
    public var client: String?
    /// Device type.
    public var device: String?
    /// The state from the customer's account address (not validated by Apple).
    public var state: String?
    /// The storefront's country or region.
    public var country: String?
    /// For an upgrade, downgrade or crossgrade, the previous subscription's title.
    public var previousSubscriptionName: String?
    /// For an upgrade, downgrade or crossgrade, the previous subscription's Apple ID.
    public var previousSubscriptionAppleID: String?
    /// Days before cancelling.
    public var daysBeforeCanceling: Int?
    /// Why the subscription was cancelled.
    public var cancellationReason: String?
    /// Days since cancelling.
    public var daysCanceled: Int?
    /// How many times the event happened; negative counts are kept as written.
    public var quantity: Int
    /// Cells of columns this type does not know, by header name.
    public var extraColumns: [String: String]

    /// A row from its values; optional columns default to absent.
    public init(
        eventDate: ReportDay, event: String, appName: String? = nil, appAppleID: String? = nil,
        subscriptionName: String? = nil, subscriptionAppleID: String? = nil, subscriptionGroupID: String? = nil,
        standardSubscriptionDuration: String? = nil, subscriptionOfferType: String? = nil,
        subscriptionOfferDuration: String? = nil, marketingOptIn: String? = nil, marketingOptInDuration: String? = nil,
        preservedPricing: String? = nil, proceedsReason: String? = nil, subscriptionOfferName: String? = nil,
        promotionalOfferID: String? = nil, consecutivePaidPeriods: Int? = nil, originalStartDate: ReportDay? = nil,
        client: String? = nil, device: String? = nil, state: String? = nil, country: String? = nil,
        previousSubscriptionName: String? = nil, previousSubscriptionAppleID: String? = nil,
        daysBeforeCanceling: Int? = nil, cancellationReason: String? = nil, daysCanceled: Int? = nil, quantity: Int,
        extraColumns: [String: String] = [:]
    ) {
        self.eventDate = eventDate
        self.event = event
        self.appName = appName
        self.appAppleID = appAppleID
        self.subscriptionName = subscriptionName
        self.subscriptionAppleID = subscriptionAppleID
        self.subscriptionGroupID = subscriptionGroupID
        self.standardSubscriptionDuration = standardSubscriptionDuration
        self.subscriptionOfferType = subscriptionOfferType
        self.subscriptionOfferDuration = subscriptionOfferDuration
        self.marketingOptIn = marketingOptIn
        self.marketingOptInDuration = marketingOptInDuration
        self.preservedPricing = preservedPricing
        self.proceedsReason = proceedsReason
        self.subscriptionOfferName = subscriptionOfferName
        self.promotionalOfferID = promotionalOfferID
        self.consecutivePaidPeriods = consecutivePaidPeriods
        self.originalStartDate = originalStartDate
        self.client = client
        self.device = device
        self.state = state
        self.country = country
        self.previousSubscriptionName = previousSubscriptionName
        self.previousSubscriptionAppleID = previousSubscriptionAppleID
        self.daysBeforeCanceling = daysBeforeCanceling
        self.cancellationReason = cancellationReason
        self.daysCanceled = daysCanceled
        self.quantity = quantity
        self.extraColumns = extraColumns
    }

    public static let knownColumns = [
        "Event Date", "Event", "App Name", "App Apple ID", "Subscription Name", "Subscription Apple ID",
        "Subscription Group ID", "Standard Subscription Duration", "Subscription Offer Type", "Subscription Offer Duration",
        "Marketing Opt-In", "Marketing Opt-In Duration", "Preserved Pricing", "Proceeds Reason", "Subscription Offer Name",
        "Promotional Offer ID", "Consecutive Paid Periods", "Original Start Date", "Client", "Device", "State", "Country",
        "Previous Subscription Name", "Previous Subscription Apple ID", "Days Before Canceling", "Cancellation Reason",
        "Days Canceled", "Quantity",
    ]

    public static let requiredColumns = ["Event Date", "Event", "Quantity"]

    public init(reading fields: ReportFieldReader, extraColumns: [String: String]) throws(ReportFormatError) {
        self.init(
            eventDate: try fields.day("Event Date"), event: try fields.text("Event"), appName: fields.optionalText("App Name"),
            appAppleID: fields.optionalText("App Apple ID"), subscriptionName: fields.optionalText("Subscription Name"),
            subscriptionAppleID: fields.optionalText("Subscription Apple ID"),
            subscriptionGroupID: fields.optionalText("Subscription Group ID"),
            standardSubscriptionDuration: fields.optionalText("Standard Subscription Duration"),
            subscriptionOfferType: fields.optionalText("Subscription Offer Type"),
            subscriptionOfferDuration: fields.optionalText("Subscription Offer Duration"),
            marketingOptIn: fields.optionalText("Marketing Opt-In"),
            marketingOptInDuration: fields.optionalText("Marketing Opt-In Duration"),
            preservedPricing: fields.optionalText("Preserved Pricing"), proceedsReason: fields.optionalText("Proceeds Reason"),
            subscriptionOfferName: fields.optionalText("Subscription Offer Name"),
            promotionalOfferID: fields.optionalText("Promotional Offer ID"),
            consecutivePaidPeriods: try fields.optionalCount("Consecutive Paid Periods"),
            originalStartDate: try fields.optionalDay("Original Start Date"), client: fields.optionalText("Client"),
            device: fields.optionalText("Device"), state: fields.optionalText("State"), country: fields.optionalText("Country"),
            previousSubscriptionName: fields.optionalText("Previous Subscription Name"),
            previousSubscriptionAppleID: fields.optionalText("Previous Subscription Apple ID"),
            daysBeforeCanceling: try fields.optionalCount("Days Before Canceling"),
            cancellationReason: fields.optionalText("Cancellation Reason"), daysCanceled: try fields.optionalCount("Days Canceled"),
            quantity: try fields.count("Quantity"), extraColumns: extraColumns)
    }

    public var knownCells: [String] {
        [
            eventDate.isoFormatted, event, appName ?? "", appAppleID ?? "", subscriptionName ?? "", subscriptionAppleID ?? "",
            subscriptionGroupID ?? "", standardSubscriptionDuration ?? "", subscriptionOfferType ?? "",
            subscriptionOfferDuration ?? "", marketingOptIn ?? "", marketingOptInDuration ?? "", preservedPricing ?? "",
            proceedsReason ?? "", subscriptionOfferName ?? "", promotionalOfferID ?? "", consecutivePaidPeriods.map(String.init) ?? "",
            originalStartDate?.isoFormatted ?? "", client ?? "", device ?? "", state ?? "", country ?? "",
            previousSubscriptionName ?? "", previousSubscriptionAppleID ?? "", daysBeforeCanceling.map(String.init) ?? "",
            cancellationReason ?? "", daysCanceled.map(String.init) ?? "", String(quantity),
        ]
    }
}
