extension SimulatedApp {
    enum CodingKeys: String, CodingKey {
        case bundleId, appAppleId, bundleVersion, applicationVersion, productionNotificationURL
        case sandboxNotificationURL, notificationVersion, retriesNotifications, sharedSecret, apiKey, offerKeys
        case gracePeriodDays, billingRetryDays, products
    }

    /// Decodes with the same defaults as the initializer, so a control request may name only the
    /// fields it cares about.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SimulatedApp(bundleId: try container.decode(String.self, forKey: .bundleId))
        self = defaults
        appAppleId = try container.decodeIfPresent(Int64.self, forKey: .appAppleId) ?? defaults.appAppleId
        bundleVersion = try container.decodeIfPresent(String.self, forKey: .bundleVersion) ?? defaults.bundleVersion
        applicationVersion =
            try container.decodeIfPresent(String.self, forKey: .applicationVersion) ?? defaults.applicationVersion
        productionNotificationURL = try container.decodeIfPresent(String.self, forKey: .productionNotificationURL)
        sandboxNotificationURL = try container.decodeIfPresent(String.self, forKey: .sandboxNotificationURL)
        notificationVersion =
            try container.decodeIfPresent(NotificationVersion.self, forKey: .notificationVersion) ?? .v2
        retriesNotifications = try container.decodeIfPresent(Bool.self, forKey: .retriesNotifications) ?? true
        sharedSecret = try container.decodeIfPresent(String.self, forKey: .sharedSecret) ?? defaults.sharedSecret
        apiKey = try container.decodeIfPresent(APIKey.self, forKey: .apiKey)
        offerKeys = try container.decodeIfPresent([OfferKey].self, forKey: .offerKeys) ?? []
        if container.contains(.gracePeriodDays) {
            gracePeriodDays = try container.decodeIfPresent(Int.self, forKey: .gracePeriodDays)
        }
        billingRetryDays = try container.decodeIfPresent(Int.self, forKey: .billingRetryDays) ?? defaults.billingRetryDays
        products = try container.decodeIfPresent([String: CatalogProduct].self, forKey: .products) ?? [:]
    }

    /// Writes every field; `gracePeriodDays` as `null` when off, so decoding keeps it off.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bundleId, forKey: .bundleId)
        try container.encode(appAppleId, forKey: .appAppleId)
        try container.encode(bundleVersion, forKey: .bundleVersion)
        try container.encode(applicationVersion, forKey: .applicationVersion)
        try container.encodeIfPresent(productionNotificationURL, forKey: .productionNotificationURL)
        try container.encodeIfPresent(sandboxNotificationURL, forKey: .sandboxNotificationURL)
        try container.encode(notificationVersion, forKey: .notificationVersion)
        try container.encode(retriesNotifications, forKey: .retriesNotifications)
        try container.encode(sharedSecret, forKey: .sharedSecret)
        try container.encodeIfPresent(apiKey, forKey: .apiKey)
        try container.encode(offerKeys, forKey: .offerKeys)
        try container.encode(gracePeriodDays, forKey: .gracePeriodDays)
        try container.encode(billingRetryDays, forKey: .billingRetryDays)
        try container.encode(products, forKey: .products)
    }
}
