internal import AppStoreModels

/// Parses the RFC 3339 date-times that app receipts carry in IA5Strings
/// (`2022-07-01T12:28:57Z`, optionally with fractional seconds or a numeric offset) into
/// ``Timestamp``, exactly and without Foundation's formatters.
enum ReceiptDateParser {
    /// The timestamp for `text`, or `nil` when `text` is not an RFC 3339 date-time.
    static func parse(_ text: ArraySlice<UInt8>) -> Timestamp? {
        let bytes = text
        var index = text.startIndex

        func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.endIndex else { return nil }
            var value: Int64 = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ characters: UInt8...) -> Bool {
            guard index < bytes.endIndex, characters.contains(bytes[index]) else { return false }
            index += 1
            return true
        }

        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
            expect(0x54, 0x74), let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A),
            let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }

        var milliseconds: Int64 = 0
        if index < bytes.endIndex, bytes[index] == 0x2E {
            index += 1
            var scale: Int64 = 100
            var count = 0
            while index < bytes.endIndex, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                milliseconds += Int64(bytes[index] - 0x30) * scale  // digits beyond milliseconds truncate
                scale /= 10
                index += 1
                count += 1
            }
            guard count > 0, count <= 9 else { return nil }
        }

        var offsetSeconds: Int64 = 0
        if expect(0x5A, 0x7A) {
            offsetSeconds = 0
        } else if index < bytes.endIndex, bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign: Int64 = bytes[index] == 0x2D ? -1 : 1
            index += 1
            guard let offsetHours = digits(2), expect(0x3A), let offsetMinutes = digits(2),
                offsetHours <= 23, offsetMinutes <= 59
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.endIndex else { return nil }

        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Timestamp(millisecondsSince1970: seconds * 1000 + milliseconds)
    }

    /// Formats `timestamp` the way Apple writes receipt dates: `yyyy-MM-ddTHH:mm:ssZ`, with
    /// `.SSS` only when the timestamp has a millisecond part.
    static func format(_ timestamp: Timestamp) -> String {
        let milliseconds = timestamp.millisecondsSince1970
        let totalSeconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let fraction = milliseconds - totalSeconds * 1000
        var days = totalSeconds / 86_400
        var secondOfDay = totalSeconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var result = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        result += "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2))"
        if fraction != 0 { result += ".\(pad(fraction, 3))" }
        return result + "Z"
    }

    private static func isLeap(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
