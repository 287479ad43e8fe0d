public import Storekeeper

/// Why ``SQLPurchaseStore`` refused an operation or could not read what it stored: the
/// store-level error every ``PurchaseStore`` backend throws, under the name it had when only the
/// SQL store threw it. Database failures themselves are ``SQLError``s.
public typealias SQLPurchaseStoreError = PurchaseStoreError
