import AppStoreModels
import Foundation
import Testing

@Suite("Apple formatted dates")
struct AppleFormattedDateTests {
    @Test(
        "Parses UTC and Pacific forms to exact milliseconds",
        arguments: [
            ("2018-07-15 08:25:37 Etc/GMT", Int64(1_531_643_137_000)),
            ("2018-07-15 01:25:37 America/Los_Angeles", 1_531_643_137_000),  // PDT, UTC-7
            ("2022-07-01 12:28:57 Etc/GMT", 1_656_678_537_000),
            ("2020-11-29 20:02:18 America/Los_Angeles", 1_606_708_938_000),  // PST, UTC-8
            ("2013-08-01 00:00:00 America/Los_Angeles", 1_375_340_400_000),
            ("2024-02-29 23:59:59 Etc/GMT", 1_709_251_199_000),  // leap day
            ("2023-03-12 03:00:00 America/Los_Angeles", 1_678_615_200_000),  // first instant of PDT
            ("1970-01-01 00:00:00 Etc/GMT", 0),
            ("1969-12-31 23:59:59 Etc/GMT", -1000),
            ("2000-01-01 00:00:00 UTC", 946_684_800_000),
        ])
    func parses(text: String, milliseconds: Int64) throws {
        let date = try AppleFormattedDate(parsing: text)
        #expect(date.timestamp.millisecondsSince1970 == milliseconds)
        #expect(date.rawValue == text)
        #expect(AppleFormattedDate(rawValue: text) == date)
    }

    @Test(
        "Rejects malformed text with a stable code",
        arguments: [
            ("", AppleFormattedDateError.Code.malformed),
            ("2018-07-15 08:25:37", .malformed),
            ("2018-07-15 08:25:37 ", .malformed),
            ("2018-07-15T08:25:37Z", .malformed),
            ("2018/07/15 08:25:37 Etc/GMT", .malformed),
            ("18-07-15 08:25:37 Etc/GMT", .malformed),
            ("2018-07-15 08:25:37 Etc/GMT extra", .malformed),
            ("124", .malformed),
            ("2023-02-29 00:00:00 Etc/GMT", .outOfRange),
            ("2018-13-01 00:00:00 Etc/GMT", .outOfRange),
            ("2018-07-15 24:00:00 Etc/GMT", .outOfRange),
            ("2018-07-15 08:60:00 Etc/GMT", .outOfRange),
            ("2018-07-15 08:25:37 Mars/Olympus_Mons", .unknownTimeZone),
        ])
    func rejects(text: String, code: AppleFormattedDateError.Code) {
        #expect(AppleFormattedDate(rawValue: text) == nil)
        #expect(parseFailure(text)?.code == code)
    }

    private func parseFailure(_ text: String) -> AppleFormattedDateError? {
        do {
            _ = try AppleFormattedDate(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    @Test("A malformed date in JSON throws a DecodingError at its key")
    func decodingError() {
        struct Holder: Decodable { var purchase_date: AppleFormattedDate }
        do {
            _ = try JSON.decode(Holder.self, "{\"purchase_date\":\"2020\"}")
            Issue.record("decoding succeeded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["purchase_date"])
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test(
        "Formats timestamps exactly as Apple does",
        arguments: [
            (Int64(1_531_643_137_200), "2018-07-15 08:25:37 Etc/GMT", "2018-07-15 01:25:37 America/Los_Angeles"),
            (1_606_708_938_000, "2020-11-30 04:02:18 Etc/GMT", "2020-11-29 20:02:18 America/Los_Angeles"),
            (1_653_380_622_275, "2022-05-24 08:23:42 Etc/GMT", "2022-05-24 01:23:42 America/Los_Angeles"),
            (-1, "1969-12-31 23:59:59 Etc/GMT", "1969-12-31 15:59:59 America/Los_Angeles"),
        ])
    func formats(milliseconds: Int64, gmt: String, pacific: String) throws {
        let timestamp = Timestamp(millisecondsSince1970: milliseconds)
        #expect(AppleFormattedDate.gmt(timestamp).rawValue == gmt)
        #expect(try AppleFormattedDate.pacific(timestamp).rawValue == pacific)
        #expect(AppleFormattedDate.gmt(timestamp).timeZoneIdentifier == "Etc/GMT")
        let whole = (milliseconds - ((milliseconds % 1000) + 1000) % 1000)
        #expect(AppleFormattedDate.gmt(timestamp).timestamp.millisecondsSince1970 == whole)
        #expect(try AppleFormattedDate(parsing: pacific).timestamp == AppleFormattedDate.gmt(timestamp).timestamp)
    }

    @Test("Encodes back to the original text")
    func roundTrip() throws {
        let date = try AppleFormattedDate(parsing: "2020-07-27 23:00:53 America/Los_Angeles")
        #expect(try JSON.roundTrip(date) == date)
        #expect(
            try JSON.encode([date]) == "[\"2020-07-27 23:00:53 America\\/Los_Angeles\"]"
                || JSON.encode([date]) == "[\"2020-07-27 23:00:53 America/Los_Angeles\"]")
    }
}
