import CrudeRuntime
import Foundation
import TestHTTPServer
import Testing

@testable import FixtureTransforms

/// Every transform, decoded and encoded through the model generated from Fixtures/transforms/spec.yaml.
@Suite struct TransformTests {
    static let json = """
        {
          "iso_date": "2024-05-01T12:00:00Z",
          "fractional_date": "2024-05-01T12:00:00.250Z",
          "epoch_seconds": 1714564800,
          "epoch_milliseconds": 1714564800250,
          "birthday": "1815-12-10",
          "default_date": "2024-05-01T12:00:00.5Z",
          "optional_date": null,
          "date_list": ["2024-05-01T12:00:00Z", "2024-05-02T12:00:00Z"],
          "date_map": {"start": 0},
          "optional_dates": [null, "2024-05-01T12:00:00Z"],
          "completion": 42.5,
          "count": "42",
          "ratio": "0.5",
          "flag": "yes",
          "label": 12,
          "identifier": 99,
          "homepage": "https://example.com/a b",
          "price": 1999,
          "extra": {"nested": [1, true, null]},
          "status": "in-progress",
          "priority": 7,
          "counts": {"a": 1}
        }
        """

    static let noon = Date(timeIntervalSince1970: 1_714_564_800)

    @Test func decodesEveryTransform() throws {
        let sample = try JSONDecoder().decode(Sample.self, from: Data(Self.json.utf8))
        #expect(sample.isoDate == Self.noon)
        #expect(sample.fractionalDate.timeIntervalSince(Self.noon) == 0.25)
        #expect(sample.epochSeconds == Self.noon)
        #expect(sample.epochMilliseconds.timeIntervalSince(Self.noon) == 0.25)
        #expect(ISO8601DateFormatter().string(from: sample.birthday) == "1815-12-10T00:00:00Z")
        #expect(sample.defaultDate.timeIntervalSince(Self.noon) == 0.5, "Date fields default to ISO 8601, fractions accepted")
        #expect(sample.optionalDate == nil)
        #expect(sample.dateList == [Self.noon, Self.noon.addingTimeInterval(86_400)])
        #expect(sample.dateMap == ["start": Date(timeIntervalSince1970: 0)])
        #expect(sample.optionalDates == [nil, Self.noon])
        #expect(sample.completion == 0.425)
        #expect(sample.count == 42 && sample.ratio == 0.5 && sample.flag && sample.label == "12")
        #expect(sample.identifier == "99")
        #expect(sample.homepage.absoluteString == "https://example.com/a%20b")
        #expect(sample.price == Decimal(string: "19.99"))
        #expect(sample.extra == .object(["nested": .array([.number(1), .bool(true), .null])]))
        #expect(sample.status == .inProgress)
        #expect(sample.priority == .unknown(7), "an integer enum keeps a raw value it does not list")
        #expect(sample.counts == ["a": 1])
    }

    @Test func encodesBackToTheWireFormat() throws {
        let sample = try JSONDecoder().decode(Sample.self, from: Data(Self.json.utf8))
        let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(sample)) as? [String: Any])
        #expect(encoded["iso_date"] as? String == "2024-05-01T12:00:00Z")
        #expect(encoded["fractional_date"] as? String == "2024-05-01T12:00:00.250Z")
        #expect(encoded["epoch_seconds"] as? Double == 1_714_564_800)
        #expect(encoded["epoch_milliseconds"] as? Double == 1_714_564_800_250)
        #expect(encoded["birthday"] as? String == "1815-12-10")
        #expect(encoded["completion"] as? Double == 42.5)
        #expect(encoded["count"] as? Int == 42)
        #expect(encoded["price"] as? Int == 1999)
        #expect(encoded["status"] as? String == "in-progress")
        #expect(encoded["priority"] as? Int == 7)
        #expect(encoded.keys.contains("optional_date") == false)
        // `iso8601` writes whole seconds; everything else round-trips exactly.
        var whole = sample
        whole.defaultDate = Self.noon
        #expect(try JSONDecoder().decode(Sample.self, from: JSONEncoder().encode(whole)) == whole)
    }

    /// pydantic writes a column without a zone as a date-time without an offset, with microseconds or none;
    /// such values are UTC, fetched from a real server into the generated model. The parser uses no time
    /// zone of the machine (run with `TZ=Asia/Kathmandu` to see it).
    @Test func zonelessDateTimesAreUTC() async throws {
        let json = Self.json
            .replacingOccurrences(of: #""iso_date": "2024-05-01T12:00:00Z""#, with: #""iso_date": "2024-05-01T12:00:00""#)
            .replacingOccurrences(of: #""fractional_date": "2024-05-01T12:00:00.250Z""#, with: #""fractional_date": "2024-05-01T12:00:00.250""#)
            .replacingOccurrences(of: #""default_date": "2024-05-01T12:00:00.5Z""#, with: #""default_date": "2024-05-01T12:00:00.123456""#)
        let server = try await TestServer { _ in .json(json) }
        defer { Task { await server.stop() } }
        let client = APIClient(configuration: ClientConfiguration(baseURL: server.origin))
        let sample = try await client.requestObject(Sample.self, .get, "sample")
        #expect(sample.isoDate == Self.noon)
        #expect(sample.fractionalDate == Self.noon.addingTimeInterval(0.25))
        #expect(abs(sample.defaultDate.timeIntervalSince(Self.noon) - 0.123456) < 1e-7)
        let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(sample)) as? [String: Any])
        #expect(encoded["iso_date"] as? String == "2024-05-01T12:00:00Z", "encoding writes UTC with `Z`, as before")
        #expect(encoded["fractional_date"] as? String == "2024-05-01T12:00:00.250Z")
    }

    /// Offsets, 1 to 9 fraction digits and dates either side of 1970 and of leap days, against Foundation's
    /// own reading; malformed values are rejected.
    @Test func iso8601DatesInEveryForm() throws {
        let cases: [(String, TimeInterval)] = [
            ("2026-11-26T04:10:00", 1_795_666_200),
            ("2026-11-26T04:10:00Z", 1_795_666_200),
            ("2026-11-26T06:10:00+02:00", 1_795_666_200),
            ("2026-11-26T06:10:00+0200", 1_795_666_200),
            ("2026-11-25T23:40:00-04:30", 1_795_666_200),
            ("2026-11-26T04:10:00.5", 1_795_666_200.5),
            ("2026-11-26T04:10:00.123", 1_795_666_200.123),
            ("2026-11-26T04:10:00.123456", 1_795_666_200.123456),
            ("2026-11-26T04:10:00.123456789Z", 1_795_666_200.123456789),
            ("2026-11-26T07:10:00.25+03:00", 1_795_666_200.25),
            ("1969-12-31T23:59:59", -1),
            ("1815-12-10T00:00:00", -4_861_728_000),
            ("2024-02-29T00:00:00", 1_709_164_800),
            ("2000-03-01T00:00:00Z", 951_868_800),
        ]
        for (text, seconds) in cases {
            let date = try ISO8601DateTransform.decode(text)
            #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6, "\(text)")
            #expect(try ISO8601FractionalDateTransform.decode(text) == date)
        }
        #expect(try ISO8601DateTransform.decode("2026-11-26T04:10:00") == Date(timeIntervalSince1970: 1_795_666_200))
        for text in [
            "2026-11-26", "2026-11-26T04:10", "2026-11-26 04:10:00", "2026-13-01T00:00:00", "2025-02-29T00:00:00", "2026-11-26T24:00:00",
            "2026-11-26T04:10:00.", "2026-11-26T04:10:00.1234567891", "2026-11-26T04:10:00+2", "2026-11-26T04:10:00+02:0", "2026-11-26T04:10:00Zx",
            "2026-11-26T04:10:00+25:00", "",
        ] {
            #expect(throws: TransformError.self, "\(text)") { try ISO8601DateTransform.decode(text) }
        }
    }

    /// A date format in a zone other than UTC, as the generator emits one for `time_zone: Europe/Paris`
    /// (Fixtures/transforms): local times either side of a daylight-saving change, written back as they came.
    @Test func dateFormatsReadTheirTimeZone() throws {
        typealias ParisDateFormat = Samples.ParisDateFormat
        enum NowhereDateFormat: DateFormatTransform {
            static let format = "yyyy-MM-dd'T'HH:mm:ss"
            static let timeZoneIdentifier = "Nowhere/Atlantis"
        }
        #expect(try ParisDateFormat.decode("2026-01-15T12:00:00") == Date(timeIntervalSince1970: 1_768_474_800))
        #expect(try ParisDateFormat.decode("2026-07-15T12:00:00") == Date(timeIntervalSince1970: 1_784_109_600))
        #expect(try ParisDateFormat.encode(Date(timeIntervalSince1970: 1_784_109_600)) == "2026-07-15T12:00:00")
        #expect(Samples.DayDateFormat.timeZoneIdentifier == "UTC", "a generated format without `time_zone` stays in UTC")
        #expect(throws: TransformError("this device does not know the time zone `Nowhere/Atlantis`")) { try NowhereDateFormat.decode("2026-01-15T12:00:00") }
    }

    @Test func nilsCanBeEncodedAsNull() throws {
        let sample = try JSONDecoder().decode(Sample.self, from: Data(Self.json.utf8))
        let encoder = JSONEncoder()
        encoder.userInfo[ModelEncodingOptions.userInfoKey] = ModelEncodingOptions(nilEncoding: .null)
        let encoded = try #require(try JSONSerialization.jsonObject(with: encoder.encode(sample)) as? [String: Any])
        #expect(encoded["optional_date"] is NSNull)
    }

    @Test func rejectedValuesNameTheirKey() {
        let broken = Self.json.replacingOccurrences(of: #""count": "42""#, with: #""count": "forty-two""#)
        do {
            _ = try JSONDecoder().decode(Sample.self, from: Data(broken.utf8))
            Issue.record("a non-numeric count must fail")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["count"])
            #expect(context.debugDescription.contains("LenientIntTransform"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// 0.29 × 100 is 28.999999999999996 in binary floating point; integer fields reject that.
    @Test func percentagesRoundTripAsWholeNumbers() throws {
        for (fraction, percent) in [(0.29, 29.0), (0.57, 57.0), (0.425, 42.5), (0.0, 0.0), (1.0, 100.0)] {
            #expect(try PercentageTransform.encode(fraction) == percent)
            #expect(try PercentageTransform.decode(percent) == fraction)
        }
        let json = try JSONEncoder().encode([try PercentageTransform.encode(0.29)])
        #expect(String(decoding: json, as: UTF8.self) == "[29]")
    }
}
