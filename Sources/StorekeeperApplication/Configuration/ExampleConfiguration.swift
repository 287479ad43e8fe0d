public import Configuration

/// The configuration `storekeeper serve` runs without `--config`: one example app selling the
/// four kinds of product, in development mode, on SQLite. It trusts only Apple's roots; it is a
/// starting point to copy into a real configuration file (see docs/CONFIGURATION.md), not a deployment.
public enum ExampleConfiguration {
    public static var values: [AbsoluteConfigKey: ConfigValue] {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        func set(_ components: [String], _ value: ConfigContent, secret: Bool = false) {
            values[AbsoluteConfigKey(components)] = ConfigValue(value, isSecret: secret)
        }
        let app = ["app", "example"]
        set(["mode"], .string("development"))
        set(["apps"], .stringArray(["example"]))
        set(app + ["bundleId"], .string("com.example.storekeeper"))
        set(app + ["environments"], .stringArray(["Production", "Sandbox"]))
        set(app + ["customerTokens", "hs256Secret"], .string("example-only-hs256-secret-change-me-now"), secret: true)
        set(app + ["bonus", "currency"], .string("gems"))
        set(app + ["bonus", "unitsPerMajorUnit"], .int(100))
        let products: [(id: String, settings: [String: ConfigContent])] = [
            (
                "com.example.gems.100",
                [
                    "kind": .string("consumable"), "currencies": .stringArray(["gems=100"]),
                    "prices": .stringArray(["USA:USD:990", "CHN:CNY:6000"]),
                ]
            ),
            (
                "com.example.gems.500",
                [
                    "kind": .string("consumable"), "currencies": .stringArray(["gems=550"]),
                    "prices": .stringArray(["USA:USD:4990", "CHN:CNY:30000"]),
                ]
            ),
            ("com.example.removeads", ["kind": .string("non_consumable"), "entitlements": .stringArray(["no_ads"])]),
            (
                "com.example.season",
                [
                    "kind": .string("non_renewing_subscription"), "duration": .string("P1M"),
                    "entitlements": .stringArray(["season_pass"]),
                ]
            ),
            (
                "com.example.pro.monthly",
                [
                    "kind": .string("auto_renewable_subscription"), "group": .string("pro"), "level": .int(2),
                    "duration": .string("P1M"), "entitlements": .stringArray(["pro"]),
                ]
            ),
            (
                "com.example.pro.yearly",
                [
                    "kind": .string("auto_renewable_subscription"), "group": .string("pro"), "level": .int(2),
                    "duration": .string("P1Y"), "entitlements": .stringArray(["pro"]),
                ]
            ),
            (
                "com.example.proplus.monthly",
                [
                    "kind": .string("auto_renewable_subscription"), "group": .string("pro"), "level": .int(1),
                    "duration": .string("P1M"), "entitlements": .stringArray(["pro", "pro_plus"]),
                ]
            ),
        ]
        set(app + ["products"], .stringArray(products.map(\.id)))
        for product in products {
            for (key, value) in product.settings { set(app + ["product", product.id, key], value) }
        }
        return values
    }
}
