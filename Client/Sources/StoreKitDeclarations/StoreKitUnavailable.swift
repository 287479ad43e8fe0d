/// What every member of this module does when called: this module exists so that the StoreKit 2
/// adapter is type-checked off Apple's platforms. It is never StoreKit, and no test calls it.
func storeKitUnavailable(_ member: String = #function) -> Never {
    fatalError("StoreKit is available on Apple platforms only; \(member) was called on a declarations-only module")
}
