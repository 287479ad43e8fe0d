/// What a report's file name says, for the names App Store Connect gives downloads (App Store
/// Connect Help, "Report file names"): `S_D_<vendor>_<YYYYMMDD>` for a daily SALES SUMMARY,
/// `Subscription_Event_<vendor>_<YYYYMMDD>` for a daily SUBSCRIPTION_EVENT. Extensions
/// (`.txt`, `.gz`, `.tsv`) and directories are ignored.
public struct AppleReportFileName: Hashable, Sendable {
    public var type: AppleReportType
    public var vendorNumber: String
    public var day: ReportDay

    /// Reads `path`'s last component; nil when it does not follow one of the two conventions.
    public init?(path: String) {
        let base = path.split(separator: "/").last.map(String.init) ?? path
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        let parts = stem.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        let vendorAndDate: ArraySlice<String>
        if parts.count == 4, parts[0] == "S", parts[1] == "D" {
            type = .salesSummary
            vendorAndDate = parts[2...]
        } else if parts.count >= 4, parts[0] == "Subscription", parts[1] == "Event" {
            type = .subscriptionEvent
            vendorAndDate = parts[2..<4]
        } else {
            return nil
        }
        let vendor = vendorAndDate[vendorAndDate.startIndex]
        let date = vendorAndDate[vendorAndDate.startIndex + 1]
        guard !vendor.isEmpty, vendor.utf8.allSatisfy({ (0x30...0x39).contains($0) }), date.utf8.count == 8,
            date.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let year = Int(date.prefix(4)),
            let month = Int(date.dropFirst(4).prefix(2)), let dayOfMonth = Int(date.suffix(2)),
            let day = ReportDay(year: year, month: month, day: dayOfMonth)
        else { return nil }
        vendorNumber = vendor
        self.day = day
    }
}
