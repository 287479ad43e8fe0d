import Foundation

/// A date in the text form of legacy receipts and version 1 notifications:
/// `"2018-07-15 08:25:37 Etc/GMT"` or `"2018-07-15 01:25:37 America/Los_Angeles"`
/// (`purchase_date`, `purchase_date_pst`, `expires_date_formatted`, ...).
///
/// The text is kept exactly (``rawValue``) and parsed once into ``timestamp`` (whole seconds,
/// expressed in milliseconds). Decoding a string that is not in this form, has an impossible
/// date or time, or names an unknown time zone throws a `DecodingError`. Prefer the matching
/// `*_ms` field for processing; this type exists so both can be read, checked and re-emitted.
public struct AppleFormattedDate: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The time zone identifier Apple uses for the UTC forms: `Etc/GMT`.
    public static let gmtTimeZoneIdentifier = "Etc/GMT"
    /// The time zone identifier Apple uses for the `*_pst` forms: `America/Los_Angeles`.
    public static let pacificTimeZoneIdentifier = "America/Los_Angeles"

    /// The text exactly as Apple sent it.
    public let rawValue: String
    /// The instant the text denotes.
    public let timestamp: Timestamp

    /// Parses `rawValue`, returning `nil` if it is not a valid Apple formatted date.
    public init?(rawValue: String) {
        guard let parsed = try? AppleFormattedDate(parsing: rawValue) else { return nil }
        self = parsed
    }

    /// Parses Apple's `yyyy-MM-dd HH:mm:ss <time zone identifier>` form.
    public init(parsing text: String) throws(AppleFormattedDateError) {
        let fields = try Self.fields(of: text)
        let zone = try Self.zone(named: fields.zoneIdentifier, in: text)
        let localSeconds = CivilTime.seconds(
            year: fields.year, month: fields.month, day: fields.day,
            hour: fields.hour, minute: fields.minute, second: fields.second)
        let utcSeconds = Self.utcSeconds(fromLocal: localSeconds, in: zone)
        self.rawValue = text
        self.timestamp = Timestamp(millisecondsSince1970: utcSeconds * 1000)
    }

    /// Formats `timestamp` (truncated to whole seconds) in the named time zone.
    public init(_ timestamp: Timestamp, timeZoneIdentifier: String) throws(AppleFormattedDateError) {
        let zone = try Self.zone(named: timeZoneIdentifier, in: timeZoneIdentifier)
        let utcSeconds = CivilTime.floorDivide(timestamp.millisecondsSince1970, 1000)
        let offset = Int64(zone?.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utcSeconds))) ?? 0)
        let text = CivilTime.format(localSeconds: utcSeconds + offset) + " " + timeZoneIdentifier
        self.rawValue = text
        self.timestamp = Timestamp(millisecondsSince1970: utcSeconds * 1000)
    }

    /// Formats `timestamp` in `Etc/GMT`, as in `purchase_date`.
    public static func gmt(_ timestamp: Timestamp) -> AppleFormattedDate {
        let utcSeconds = CivilTime.floorDivide(timestamp.millisecondsSince1970, 1000)
        return AppleFormattedDate(
            verifiedText: CivilTime.format(localSeconds: utcSeconds) + " " + gmtTimeZoneIdentifier,
            timestamp: Timestamp(millisecondsSince1970: utcSeconds * 1000))
    }

    /// Formats `timestamp` in `America/Los_Angeles`, as in `purchase_date_pst`.
    public static func pacific(_ timestamp: Timestamp) throws(AppleFormattedDateError) -> AppleFormattedDate {
        try AppleFormattedDate(timestamp, timeZoneIdentifier: pacificTimeZoneIdentifier)
    }

    private init(verifiedText: String, timestamp: Timestamp) {
        self.rawValue = verifiedText
        self.timestamp = timestamp
    }

    /// The time zone identifier at the end of the text, e.g. `Etc/GMT`.
    public var timeZoneIdentifier: String {
        String(rawValue.utf8.dropFirst(CivilTime.dateTimeLength + 1)) ?? ""
    }

    /// Decodes and parses a formatted date string; malformed text throws `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the original text unchanged.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The text exactly as Apple sent it.
    public var description: String { rawValue }
}

extension AppleFormattedDate {
    /// The numeric fields and zone name of a formatted date.
    private struct Fields {
        var year, month, day, hour, minute, second: Int64
        var zoneIdentifier: String
    }

    /// Splits `yyyy-MM-dd HH:mm:ss zone` into fields, validating every position.
    private static func fields(of text: String) throws(AppleFormattedDateError) -> Fields {
        let bytes = Array(text.utf8)
        let length = CivilTime.dateTimeLength
        guard bytes.count > length + 1, bytes[length] == UInt8(ascii: " ") else {
            throw AppleFormattedDateError(.malformed, text: text)
        }
        func number(_ range: Range<Int>) throws(AppleFormattedDateError) -> Int64 {
            var value: Int64 = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                    throw AppleFormattedDateError(.malformed, text: text)
                }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, " "), (13, ":"), (16, ":")]
        for (index, character) in separators where bytes[index] != character.asciiValue {
            throw AppleFormattedDateError(.malformed, text: text)
        }
        let zoneBytes = bytes[(length + 1)...]
        guard !zoneBytes.contains(UInt8(ascii: " ")), let zone = String(bytes: zoneBytes, encoding: .utf8) else {
            throw AppleFormattedDateError(.malformed, text: text)
        }
        let fields = Fields(
            year: try number(0..<4), month: try number(5..<7), day: try number(8..<10),
            hour: try number(11..<13), minute: try number(14..<16), second: try number(17..<19),
            zoneIdentifier: zone)
        guard (1...12).contains(fields.month),
            (1...CivilTime.daysInMonth(year: fields.year, month: fields.month)).contains(fields.day),
            (0...23).contains(fields.hour), (0...59).contains(fields.minute), (0...59).contains(fields.second)
        else {
            throw AppleFormattedDateError(.outOfRange, text: text)
        }
        return fields
    }

    /// Looks up a time zone; `nil` stands for UTC, which needs no lookup.
    private static func zone(named identifier: String, in text: String) throws(AppleFormattedDateError) -> TimeZone? {
        switch identifier {
        case "Etc/GMT", "GMT", "UTC", "Etc/UTC":
            return nil
        case pacificTimeZoneIdentifier:
            if let zone = Self.pacificZone { return zone }
        default:
            if let zone = TimeZone(identifier: identifier) { return zone }
        }
        throw AppleFormattedDateError(.unknownTimeZone, text: text)
    }

    private static let pacificZone = TimeZone(identifier: pacificTimeZoneIdentifier)

    /// Converts a wall-clock time in `zone` to UTC seconds, re-checking the offset once so that
    /// times next to a daylight-saving change resolve to the offset in force at that instant.
    private static func utcSeconds(fromLocal local: Int64, in zone: TimeZone?) -> Int64 {
        guard let zone else { return local }
        let firstGuess = local - Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local))))
        return local - Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(firstGuess))))
    }
}
