import AppStoreModels

// What each kind of signed payload says about the app and environment it belongs to.

extension JWSTransactionDecodedPayload {
    var claims: AppClaims {
        AppClaims(bundleId: bundleId, environment: environment, checksAppAppleId: false)
    }
}

extension JWSRenewalInfoDecodedPayload {
    var claims: AppClaims {
        AppClaims(environment: environment, checksBundleId: false, checksAppAppleId: false)
    }
}

extension AppTransaction {
    var claims: AppClaims {
        AppClaims(bundleId: bundleId, appAppleId: appAppleId, environment: receiptType)
    }
}

extension ResponseBodyV2DecodedPayload {
    var claims: AppClaims {
        AppClaims(
            bundleId: bundleId,
            appAppleId: data?.appAppleId ?? summary?.appAppleId ?? appData?.appAppleId
                ?? externalPurchaseToken?.appAppleId,
            environment: environment ?? externalPurchaseToken.map(\.environment))
    }
}

extension ExternalPurchaseToken {
    /// Apple prefixes sandbox external purchase IDs with `SANDBOX`; the token has no
    /// environment field of its own.
    var environment: AppStoreEnvironment {
        externalPurchaseId.hasPrefix("SANDBOX") ? .sandbox : .production
    }
}
