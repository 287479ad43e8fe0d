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
}
