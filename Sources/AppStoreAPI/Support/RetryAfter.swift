import Foundation

/// Parses Apple's `Retry-After` header.
///
/// Apple documents the value as "a UNIX time, in milliseconds, that informs you when you can next
/// send a request" (App Store Server API, *Identifying rate limits*). Defensively, a small integer
/// is read as RFC 9110 delay-seconds and an HTTP-date is accepted too; anything else yields `nil`.
enum RetryAfter {
    /// Values below this are not plausible UNIX milliseconds (it is 2001-09-09) and are read as
    /// delay-seconds.
    static let smallestUnixMilliseconds: Int64 = 1_000_000_000_000

    static func parse(_ value: String?, now: Date) -> Date? {
        guard let raw = value?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        if let number = Int64(raw) {
            guard number >= 0 else { return nil }
            if number >= smallestUnixMilliseconds {
                return Date(timeIntervalSince1970: Double(number) / 1000)
            }
            return now.addingTimeInterval(Double(number))
        }
        return httpDate(raw)
    }

    private static func httpDate(_ value: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: value)
    }
}
