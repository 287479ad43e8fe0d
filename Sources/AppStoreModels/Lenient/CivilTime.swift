/// Proleptic-Gregorian calendar arithmetic on whole seconds, without Foundation's calendars
/// (fast, allocation-free, and identical on every platform).
enum CivilTime {
    /// The length of `yyyy-MM-dd HH:mm:ss`.
    static let dateTimeLength = 19

    /// `a / b` rounded toward negative infinity.
    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    /// Whether `year` is a Gregorian leap year.
    static func isLeapYear(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` (1–12) of `year`.
    static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given civil date.
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = (month + 9) % 12
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count from 1970-01-01.
    static func date(days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Seconds from 1970-01-01T00:00:00 to the given civil date and time (no time zone applied).
    static func seconds(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) -> Int64 {
        days(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// Formats seconds since 1970 (already shifted to local time) as `yyyy-MM-dd HH:mm:ss`.
    static func format(localSeconds: Int64) -> String {
        let days = floorDivide(localSeconds, 86_400)
        let secondOfDay = localSeconds - days * 86_400
        let date = date(days: days)
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2) + " "
            + pad(secondOfDay / 3_600, 2) + ":" + pad(secondOfDay % 3_600 / 60, 2) + ":" + pad(secondOfDay % 60, 2)
    }
}
