#if CrudeServe
@_spi(Generated) import CrudeRuntime
@_spi(Generated) import CrudeServe
import Foundation
import Testing

/// The readers a generated handler calls to give its service's methods their typed route and query values
/// (`crudegen --server`), over real requests: each value read back as the generated client writes it.
@Suite struct TypedCallValueTests {
    /// A spec whose list is nested under a folder, its route's values a UUID and a name.
    static let spec = """
        api:
          name: Shelf
          base_url: https://example.com/v1
        resources:
          Note:
            path: notes
            operations: [list]
            routes: { list: "shelves/{shelf}/{section}/notes" }
            params: { shelf: UUID, section: String }
            fields:
              text: String
        """

    /// A value's color, as a spec enum's generated code decodes it.
    enum Shade: String, Decodable {
        case darkRed = "dark_red"
        case blue
    }

    /// What a reading gave: the value's description, or the status and message it was refused with.
    static func outcome(_ read: () throws -> Any?) -> String {
        do {
            return try read().map { "\($0)" } ?? "nil"
        } catch let error as ServiceError {
            return "\(error.status): \(error.message)"
        } catch {
            return "\(error)"
        }
    }

    /// Reads every value of interest from each call, keeps the outcomes, and answers by default.
    struct Reader: OperationHandler {
        let log: OutcomeLog

        func answer(_ call: OperationContext) async throws -> OperationAnswer {
            let outcomes: [String: String] = [
                "shelf": outcome { try call.parameter(0, as: UUID.self) },
                "section": outcome { try call.parameter(1, as: String.self) },
                "shelf as Int": outcome { try call.parameter(0, as: Int.self) },
                "since": outcome { try call.query("since", using: ISO8601DateTransform.self) },
                "tags": outcome { try call.query("tag", as: [String].self, style: .repeated) },
                "ids": outcome { try call.query("ids", as: [Int].self, style: .commaSeparated) },
                "days": outcome { try call.query("day", using: EpochSecondsDateTransform.self, style: .repeated) },
                "shade": outcome { try call.query("shade", as: Shade.self) },
                "shades": outcome { try call.query("shades", as: [Shade].self, style: .commaSeparated) },
                "count": outcome { try call.query("count", as: Int.self) },
                "ratio": outcome { try call.query("ratio", as: Double.self) },
                "flag": outcome { try call.query("flag", as: Bool.self) },
                "text": outcome { try call.query("text", as: String.self) },
                "count as Bool": outcome { try call.query("count", as: Bool.self) },
                "missing": outcome { try call.query("missing", as: Int.self) },
                "required": outcome { try call.required(call.query("missing", as: Int.self), query: "missing") },
            ]
            await log.keep(outcomes)
            return try await .byDefault(call)
        }

        func answer(_ call: ActionContext) async throws -> ActionAnswer {
            try .byDefault(call)
        }
    }

    @Test func routeAndQueryValuesAreReadAsTheClientWritesThem() async throws {
        let log = OutcomeLog()
        let server = try SpecServer(spec: Self.spec, file: "shelf.yaml", handler: Reader(log: log))
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let shelf = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        var items: [URLQueryItem] = []
        try items.append("since", Date(timeIntervalSince1970: 0), using: ISO8601DateTransform.self)
        items.append("tag", ["a b", "ü"], style: .repeated)
        items.append("ids", [1, 2, 3], style: .commaSeparated)
        try items.append("day", [Date(timeIntervalSince1970: 60), Date(timeIntervalSince1970: 90)], using: EpochSecondsDateTransform.self, style: .repeated)
        items.append("shade", "dark_red")
        items.append("shades", ["blue", "dark_red"], style: .commaSeparated)
        items.append("count", 5)
        items.append("ratio", 0.25)
        items.append("flag", true)
        items.append("text", "12")
        var url = URLComponents(url: base.appendingPathComponent("shelves/\(shelf)/top shelf/notes"), resolvingAgainstBaseURL: false)!
        url.queryItems = items
        let answer = try await ServeSupport.send("GET", try #require(url.url))
        #expect(answer.status == 200)

        let outcomes = try #require(await log.kept.first)
        #expect(outcomes["shelf"] == "\(shelf)")
        #expect(outcomes["section"] == "top shelf")
        #expect(outcomes["shelf as Int"] == "404: Not found: \(shelf) is no Int.")
        #expect(outcomes["since"] == "\(Date(timeIntervalSince1970: 0))")
        #expect(outcomes["tags"] == #"["a b", "ü"]"#)
        #expect(outcomes["ids"] == "[1, 2, 3]")
        #expect(outcomes["days"] == "\([Date(timeIntervalSince1970: 60), Date(timeIntervalSince1970: 90)])")
        #expect(outcomes["shade"] == "darkRed")
        #expect(outcomes["shades"] == "[ServeTests.TypedCallValueTests.Shade.blue, ServeTests.TypedCallValueTests.Shade.darkRed]")
        #expect(outcomes["count"] == "5" && outcomes["ratio"] == "0.25" && outcomes["flag"] == "true")
        // A string that reads as a number stays the string the client sent.
        #expect(outcomes["text"] == "12")
        #expect(outcomes["count as Bool"] == "400: The query parameter `count` is no Bool: 5.")
        #expect(outcomes["missing"] == "nil")
        #expect(outcomes["required"] == "400: The query parameter `missing` is required.")
    }

    @Test func aValueTheTransformRejectsIs400() async throws {
        let log = OutcomeLog()
        let server = try SpecServer(spec: Self.spec, file: "shelf.yaml", handler: Reader(log: log))
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let url = try #require(URL(string: base.absoluteString + "shelves/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/top/notes?since=yesterday&ids=1,x"))
        #expect(try await ServeSupport.send("GET", url).status == 200)
        let outcomes = try #require(await log.kept.first)
        #expect(outcomes["since"]?.hasPrefix("400: The query parameter `since` is no Date: yesterday") == true)
        #expect(outcomes["ids"] == "400: The query parameter `ids` is no Int: x.")
    }
}

/// The outcomes each call's readings gave, in order.
actor OutcomeLog {
    private(set) var kept: [[String: String]] = []

    func keep(_ outcomes: [String: String]) {
        kept.append(outcomes)
    }
}
#endif
