import CrudeRuntime
import Foundation
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
