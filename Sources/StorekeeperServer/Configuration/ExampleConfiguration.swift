public import Configuration

/// The configuration `storekeeper serve` runs without `--config`: one example app selling the
/// four kinds of product, in development mode, on SQLite. It trusts only Apple's roots; it is a
/// starting point to copy into a real configuration file (see README), not a deployment.
public enum ExampleConfiguration {
    public static let values: [AbsoluteConfigKey: ConfigValue] = [
        "mode": "development",
        "apps": .init(.stringArray(["example"]), isSecret: false),
        "app.example.bundleId": "com.example.storekeeper",
        "app.example.environments": .init(.stringArray(["Production", "Sandbox"]), isSecret: false),
        "app.example.customerTokens.hs256Secret": .init(.string("example-only-hs256-secret-change-me-now"), isSecret: true),
        "app.example.bonus.currency": "gems",
        "app.example.bonus.unitsPerMajorUnit": 100,
        "app.example.products": .init(
            .stringArray([
                "com.example.gems.100", "com.example.gems.500", "com.example.removeads", "com.example.season",
                "com.example.pro.monthly", "com.example.pro.yearly", "com.example.proplus.monthly",
            ]), isSecret: false),
        "app.example.product.com.example.gems.100.kind": "consumable",
        "app.example.product.com.example.gems.100.currencies": .init(.stringArray(["gems=100"]), isSecret: false),
        "app.example.product.com.example.gems.100.prices": .init(.stringArray(["USA:USD:990", "CHN:CNY:6000"]), isSecret: false),
        "app.example.product.com.example.gems.500.kind": "consumable",
        "app.example.product.com.example.gems.500.currencies": .init(.stringArray(["gems=550"]), isSecret: false),
        "app.example.product.com.example.gems.500.prices": .init(.stringArray(["USA:USD:4990", "CHN:CNY:30000"]), isSecret: false),
        "app.example.product.com.example.removeads.kind": "non_consumable",
        "app.example.product.com.example.removeads.entitlements": .init(.stringArray(["no_ads"]), isSecret: false),
        "app.example.product.com.example.season.kind": "non_renewing_subscription",
        "app.example.product.com.example.season.duration": "P1M",
        "app.example.product.com.example.season.entitlements": .init(.stringArray(["season_pass"]), isSecret: false),
        "app.example.product.com.example.pro.monthly.kind": "auto_renewable_subscription",
        "app.example.product.com.example.pro.monthly.group": "pro",
        "app.example.product.com.example.pro.monthly.level": 2,
        "app.example.product.com.example.pro.monthly.duration": "P1M",
        "app.example.product.com.example.pro.monthly.entitlements": .init(.stringArray(["pro"]), isSecret: false),
        "app.example.product.com.example.pro.yearly.kind": "auto_renewable_subscription",
        "app.example.product.com.example.pro.yearly.group": "pro",
        "app.example.product.com.example.pro.yearly.level": 2,
        "app.example.product.com.example.pro.yearly.duration": "P1Y",
        "app.example.product.com.example.pro.yearly.entitlements": .init(.stringArray(["pro"]), isSecret: false),
        "app.example.product.com.example.proplus.monthly.kind": "auto_renewable_subscription",
        "app.example.product.com.example.proplus.monthly.group": "pro",
        "app.example.product.com.example.proplus.monthly.level": 1,
        "app.example.product.com.example.proplus.monthly.duration": "P1M",
        "app.example.product.com.example.proplus.monthly.entitlements": .init(.stringArray(["pro", "pro_plus"]), isSecret: false),
    ]
}
