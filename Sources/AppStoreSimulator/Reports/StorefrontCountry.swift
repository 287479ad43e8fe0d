/// Sales and Trends prints two-letter country codes while StoreKit storefronts are ISO 3166-1
/// alpha-3: the mapping for the storefronts the simulator knows and common others.
enum StorefrontCountry {
    static let alpha2: [String: String] = [
        "USA": "US", "GBR": "GB", "DEU": "DE", "FRA": "FR", "JPN": "JP", "CHN": "CN", "CAN": "CA", "AUS": "AU",
        "ITA": "IT", "ESP": "ES", "NLD": "NL", "BEL": "BE", "CHE": "CH", "AUT": "AT", "SWE": "SE", "NOR": "NO",
        "DNK": "DK", "FIN": "FI", "IRL": "IE", "PRT": "PT", "POL": "PL", "BRA": "BR", "MEX": "MX", "IND": "IN",
        "KOR": "KR", "TWN": "TW", "HKG": "HK", "SGP": "SG", "NZL": "NZ", "TUR": "TR", "SAU": "SA", "ARE": "AE",
        "ZAF": "ZA", "RUS": "RU", "IDN": "ID", "THA": "TH", "VNM": "VN", "MYS": "MY", "PHL": "PH", "ISR": "IL",
    ]

    /// The two-letter code of a storefront; for a storefront outside the table, its first two
    /// letters (the simulator's own storefronts are all in it).
    static func code(_ storefront: String) -> String {
        alpha2[storefront] ?? String(storefront.prefix(2))
    }
}
