import Foundation
import StorekeeperAPIModels
import StorekeeperApplication

/// How `storekeeper customer ...` prints the admin API's answers for people. Stored text outside
/// a table (``TextTable`` takes care of its cells) goes through ``shown(_:)``.
enum CustomerTables {
    static func search(_ response: AdminSearchResponse) -> String {
        var out = ""
        if response.matches.isEmpty {
            out += "no match for \(shown(response.query)) (tried: \(response.candidates.joined(separator: ", ")))\n"
        } else {
            var table = TextTable(["KIND", "CUSTOMER", "MATCHED", "ENVIRONMENT", "PRODUCT"])
            for match in response.matches {
                table.append([
                    match.kind, match.customerId, match.matched, match.environment ?? "",
                    match.productId ?? "",
                ])
            }
            out += table.text
        }
        if let invoice = response.invoice {
            out += "\ninvoice \(shown(invoice.orderId)): \(shown(invoice.status.rawValue))"
            out += invoice.environment.map { " (\(shown($0)))" } ?? ""
            out += invoice.error.map { ": \(shown($0))" } ?? ""
            out += "\n"
            if !invoice.transactions.isEmpty {
                var lines = TextTable(["TRANSACTION", "ORIGINAL", "PRODUCT", "PURCHASED", "REVOKED", "CUSTOMER", "ORDER"])
                for line in invoice.transactions {
                    lines.append([
                        line.transactionId, line.originalTransactionId, line.productId, date(line.purchaseDate),
                        line.revocationDate.map(date) ?? "",
                        line.customerId ?? (line.recorded ? "" : "(paid at Apple, not recorded here)"),
                        line.order.map { "\($0.id.lowercasedString) \($0.state) (\($0.customerId))" } ?? "",
                    ])
                }
                out += lines.text
                out += applyHints(invoice)
            }
        }
        return out
    }

    /// For each purchase Storekeeper never recorded whose token names an order: the correction
    /// that applies it to that order (support role).
    static func applyHints(_ invoice: AdminInvoiceLookup) -> String {
        var out = ""
        for line in invoice.transactions where !line.recorded {
            let transactionId = shown(line.transactionId)
            guard let order = line.order else {
                out += "\n\(transactionId): paid at Apple, not recorded here; its token names no order of this app\n"
                continue
            }
            out += "\n\(transactionId): paid at Apple, not recorded here; apply it to \(shown(order.customerId))'s order:\n"
            out += "  storekeeper order correct \(order.id.lowercasedString) attach --transaction-id \(transactionId)"
            out += " --environment \(shown(line.environment)) --reason \"invoice \(shown(invoice.orderId))\"\n"
        }
        return out
    }

    static func record(_ record: AdminCustomerRecord) -> String {
        guard record.exists else { return "\(shown(record.customerId)): no such customer\n" }
        var out = "customer \(shown(record.customerId))"
        out += record.createdAt.map { ", since \(date($0))" } ?? ""
        out += record.mergedInto.map { ", merged into \(shown($0))" } ?? ""
        out += "\n"
        if !record.aliases.isEmpty {
            out += "aliases: " + shown(record.aliases.map(\.customerId).joined(separator: ", ")) + "\n"
        }

        var entitlements = TextTable(["ENTITLEMENT", "ACTIVE", "EXPIRES", "PRODUCT", "SOURCE"])
        for grant in record.entitlements {
            let source =
                grant.source.kind == "operatorGrant"
                ? "operator \(grant.source.operatorName ?? "?"): \(grant.source.reason ?? "")"
                : "\(grant.source.environment ?? ""):\(grant.source.transactionId ?? "")"
            entitlements.append([grant.id, grant.isActive ? "yes" : "no", grant.expiresAt.map(date) ?? "never", grant.productId, source])
        }
        out += section("Entitlements", entitlements)

        var subscriptions = TextTable([
            "ORIGINAL", "PRODUCT", "PHASE", "EXPIRES", "RENEWS", "NEXT PRODUCT", "COMMITMENT", "PRICE INCREASE", "OFFERS",
        ])
        for subscription in record.subscriptions {
            let offers = subscription.periods.compactMap { period in period.offer.map { "\($0.type):\($0.identifier ?? "-")" } }
            subscriptions.append([
                subscription.originalTransactionId, subscription.productId, subscription.phase,
                subscription.expiresAt.map(date) ?? "", subscription.autoRenewStatus.map { $0 == 1 ? "yes" : "no" } ?? "?",
                subscription.autoRenewProductId ?? "", subscription.commitment.map(commitment) ?? "",
                subscription.priceIncrease ?? "", offers.joined(separator: " "),
            ])
        }
        out += section("Subscriptions", subscriptions)

        var wallet = TextTable(["WHEN", "KIND", "CURRENCY", "AMOUNT", "KEY"])
        for entry in record.wallet.entries {
            wallet.append([date(entry.createdAt), entry.kind, entry.currency, signed(entry.amount), entry.key])
        }
        let balances = record.wallet.balances.sorted { $0.key < $1.key }.map { "\(shown($0.key)) \($0.value)" }
        out += "\nWallet: " + (balances.isEmpty ? "no balance" : balances.joined(separator: ", ")) + "\n"
        if !record.wallet.entries.isEmpty { out += wallet.text }

        var orders = TextTable(["ORDER", "STATE", "PRODUCT", "CREATED", "TRANSACTION"])
        for order in record.orders.items {
            orders.append([
                order.id.lowercasedString, order.state + (order.failureCode.map { " (\($0))" } ?? ""), order.productId,
                date(order.createdAt), order.transactionId ?? "",
            ])
        }
        out += section("Orders", orders)

        var purchases = TextTable(["TRANSACTION", "PRODUCT", "PURCHASED", "EXPIRES", "REVOKED", "ENVIRONMENT"])
        for purchase in record.purchases {
            let revoked = purchase.revocationDate.map { date($0) + (purchase.isUpgraded ? " (upgraded)" : "") }
            purchases.append([
                purchase.transactionId, purchase.productId, date(purchase.purchaseDate), purchase.expiresDate.map(date) ?? "",
                revoked ?? "", purchase.environment,
            ])
        }
        out += section("Purchases", purchases)
        if let appleAccounts = record.appleAccounts, !appleAccounts.isEmpty {
            var accounts = TextTable(["APPLE ACCOUNT (APP TRANSACTION)", "ENVIRONMENT", "ALSO BEHIND IT"])
            for account in appleAccounts {
                accounts.append([
                    shown(account.appTransactionId), shown(account.environment),
                    account.sharedWith.isEmpty ? "-" : shown(account.sharedWith.joined(separator: ", ")),
                ])
            }
            out += section("Apple accounts", accounts)
        }
        return out
    }

    static func timeline(_ page: AdminTimelinePage) -> String {
        var table = TextTable(["WHEN", "KIND", "WHAT", "DETAILS"])
        for entry in page.entries {
            table.append([date(entry.at), entry.kind] + describe(entry))
        }
        var out = table.text
        if let next = page.nextCursor { out += "more: --before \(shown(next))\n" }
        return out
    }

    /// What and details of one entry.
    static func describe(_ entry: AdminTimelineEntry) -> [String] {
        if let n = entry.notification {
            return [
                [n.notificationType, n.subtype].compactMap { $0 }.joined(separator: "/"),
                "\(n.status), id \(n.id)" + (n.lastError.map { ", error: \($0)" } ?? ""),
            ]
        }
        if let t = entry.transaction {
            var details = "\(t.environment):\(t.transactionId)"
            if let expires = t.expiresDate { details += ", expires \(date(expires))" }
            if let revoked = t.revocationDate { details += ", revoked \(date(revoked))" + (t.isUpgraded ? " (upgraded)" : "") }
            return [t.productId, details]
        }
        if let info = entry.renewalInfo {
            return [
                "renewal info \(info.originalTransactionId)",
                "auto-renew \(info.autoRenewEnabled ? "on" : "off"), next \(info.autoRenewProductId ?? "?")",
            ]
        }
        if let event = entry.event {
            var details = event.details.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            if let reason = event.reason { details = "reason: \(reason)  " + details }
            return [event.kind + (event.subject.map { " \($0)" } ?? ""), "by \(event.actor)  " + details]
        }
        return ["", ""]
    }

    /// Stored text outside a table, as the terminal is to show it.
    static func shown(_ text: String) -> String { DisplayText.neutralised(text) }

    private static func section(_ title: String, _ table: TextTable) -> String {
        "\n\(title):" + (table.rows.isEmpty ? " none\n" : "\n" + table.text)
    }

    private static func signed(_ amount: Int64) -> String { amount > 0 ? "+\(amount)" : String(amount) }

    /// A 12-month commitment as `4/12 to 2027-03-01 00:00:00, cancelled` (billing period, the
    /// commitment's end, and whether the customer cancelled its renewal).
    static func commitment(_ commitment: CommitmentBody) -> String {
        let place = "\(commitment.billingPeriodNumber.map(String.init) ?? "?")/\(commitment.totalBillingPeriods.map(String.init) ?? "?")"
        let end = commitment.expiresAt.map { " to " + date($0) } ?? ""
        let renewal =
            switch commitment.autoRenewStatus {
            case 0?: ", cancelled"
            case 1?: ", renews"
            default: ""
            }
        return place + end + renewal
    }

    /// Milliseconds since 1970 as `2026-11-25 18:09:30Z`.
    static func date(_ milliseconds: Int64) -> String {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000).formatted(
            .iso8601.year().month().day().dateTimeSeparator(.space).time(includingFractionalSeconds: false))
    }
}
