import Foundation
import Testing

@testable import CrudeGenCore
@testable import CrudeGenEngine

/// A field's transform is resolved once, in the code model, into a `TransformDeclaration`: its kind and
/// spec name, wrapped for the containers around the value; the Swift type generated code passes is
/// spelled from it.
@Suite struct TransformResolutionTests {
    /// The transforms of the properties of the spec's model `M`, by property name.
    func transforms(_ fields: String) throws -> [String: TransformDeclaration?] {
        let text = """
            api: { name: Shop }
            transforms:
              day: { date_format: yyyy-MM-dd }
              money: { type: Int, swift: CentsTransform }
            models:
              M:
                fields:
            \(fields)
            """
        let spec = try #require(SpecLoader.load(Data(text.utf8), file: "spec.yaml").spec)
        let validated = try #require(ValidatedSpec.validate(spec).validated)
        let model = try #require(CodeModelBuilder.build(APIResolver.resolve(validated)).models.first)
        return Dictionary(uniqueKeysWithValues: model.properties.map { ($0.name, $0.transform) })
    }

    @Test func kindsAndDefaults() throws {
        let found = try transforms(
            """
                  at: Date
                  seen: { type: Date, transform: epoch_seconds }
                  born: { type: Date, transform: day }
                  cents: { type: Int, transform: money }
                  name: String
            """)
        #expect(found["at"] == .builtin(name: "iso8601", runtimeType: SwiftType(.iso8601DateTransform)), "a Date without a transform is ISO 8601")
        #expect(found["seen"] == .builtin(name: "epoch_seconds", runtimeType: SwiftType(.epochSecondsDateTransform)))
        #expect(found["born"] == .dateFormat(name: "day", type: .member(.named("Shop"), "DayDateFormat")))
        #expect(found["cents"] == .custom(name: "money", swiftType: .named("CentsTransform")))
        #expect(found["name"] == .some(nil))
    }

    @Test func containersWrapTheElementTransform() throws {
        let found = try transforms(
            """
                  days: { type: "[Date?]?", transform: day }
                  stamps: "[String: [Date]]"
            """)
        let days = try #require(found["days"] ?? nil)
        #expect(days == .array(.optional(.dateFormat(name: "day", type: .member(.named("Shop"), "DayDateFormat")))), "the outer optional is the property's own")
        #expect(days.swiftType.spelling == "ArrayTransform<OptionalTransform<Shop.DayDateFormat>>")
        let stamps = try #require(found["stamps"] ?? nil)
        #expect(stamps.swiftType.spelling == "DictionaryTransform<ArrayTransform<ISO8601DateTransform>>")
    }
}
