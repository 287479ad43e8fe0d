import Foundation
package import Storekeeper
import StorekeeperApplication

extension AppServices {
    /// The path's `customer`, one of this app's customers. Path parameters arrive percent-encoded
    /// as sent: `guest%3Aipad-1` is `guest:ipad-1`. The client API, the admin API and the console
    /// all read it here.
    package func pathCustomer(_ context: StorekeeperRequestContext) throws -> CustomerID {
        guard let raw = context.parameters.get("customer"),
            let decoded = raw.utf8.contains(UInt8(ascii: "%")) ? raw.removingPercentEncoding : raw,
            let id = CustomerID(decoded, in: customerSpace)
        else {
            throw StorekeeperError.invalidRequest("customer id must be 1–128 characters of letters, digits and ._:@-")
        }
        return id
    }
}
