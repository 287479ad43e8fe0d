import AppStoreModels
import Foundation
import Storekeeper
import StorekeeperTesting
import Testing

/// Stored text on the console's pages: an operator's reason or a detail holding escape sequences
/// or a bidirectional override is shown with visible stand-ins, on every page that shows it.
@Suite struct ConsoleStoredTextTests {
    static let hostile = "\u{1B}[2J\u{1B}]0;pwned\u{07}refund \u{202E}gnp.exe"
    /// As the page's HTML holds it: stand-ins, then HTML-escaped.
    static let shown = "␛[2J␛]0;pwned␇refund &lt;U+202E&gt;gnp.exe"

    @Test(arguments: StoreTestBackend.available)
    func storedTextIsShownWithVisibleStandIns(_ backend: StoreTestBackend) async throws {
        try await ConsoleHarness.run(backend) { h in
            let carol = try #require(CustomerID(rawValue: "carol"))
            try await h.store.write { tx in
                try await tx.ensureCustomer(Customer(id: carol, createdAt: h.clock()))
                try await tx.append(
                    AuditEvent(
                        customerId: carol, kind: "wallet.adjusted", actor: .operator("sam"),
                        details: ["memo": "csi\u{9B}31m \u{2066}isolated"], appId: ConsoleHarness.app, reason: Self.hostile,
                        createdAt: h.clock()))
            }
            let ada = try await h.signedIn("ada")
            for path in ["/console/apps/app/audit", "/console/apps/app/customers/carol"] {
                let page = try await ada.get(path)
                #expect(page.status == .ok, "\(path)")
                let raw = page.html.unicodeScalars.filter {
                    ($0.value < 0x20 && !["\n", "\t", "\r"].contains($0)) || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
                        || $0 == "\u{2066}"
                }
                #expect(raw.isEmpty, "\(path) shows raw controls: \(raw.map { String($0.value, radix: 16) })")
                #expect(page.html.contains(Self.shown), "\(path)")
                #expect(page.html.contains("csi&lt;U+009B&gt;31m &lt;U+2066&gt;isolated"), "\(path)")
            }
        }
    }
}
