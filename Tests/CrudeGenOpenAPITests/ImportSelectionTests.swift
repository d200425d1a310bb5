import CrudeGenCore
import CrudeGenOpenAPI
import Foundation
import TestTags
import Testing

/// `crudegen import --tag/--path-prefix`: part of a document, with only the types that part uses.
@Suite struct ImportSelectionTests {
    /// Users and orders under their own tags, sharing nothing but an enum; `/usernames` shares the users'
    /// first letters but not their path segment, and `Unused` is a schema no operation uses, with a
    /// warning of its own.
    static let document = """
        openapi: 3.0.3
        info: { title: Store, version: "1" }
        paths:
          /users:
            get:
              tags: [Users]
              responses:
                "200": { description: All., content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/User" } } } } }
            post:
              tags: [Users]
              requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/User" } } } }
              responses:
                "201": { description: Made., content: { application/json: { schema: { $ref: "#/components/schemas/User" } } } }
          /users/{id}:
            parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
            get:
              tags: [Users]
              responses:
                "200": { description: One., content: { application/json: { schema: { $ref: "#/components/schemas/User" } } } }
          /usernames:
            get:
              tags: [Misc]
              operationId: listUsernames
              responses:
                "200": { description: Names., content: { application/json: { schema: { type: array, items: { type: string } } } } }
          /orders:
            get:
              tags: [Orders]
              responses:
                "200": { description: All., content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Order" } } } } }
          /orders/{id}:
            parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
            get:
              tags: [Orders]
              responses:
                "200": { description: One., content: { application/json: { schema: { $ref: "#/components/schemas/Order" } } } }
          /orders/{id}/ship:
            parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
            post:
              tags: [Orders]
              operationId: shipOrder
              responses:
                "200": { description: Shipped., content: { application/json: { schema: { $ref: "#/components/schemas/Shipment" } } } }
        components:
          schemas:
            User:
              type: object
              required: [id, name]
              properties:
                id: { type: integer, readOnly: true }
                name: { type: string }
                address: { $ref: "#/components/schemas/Address" }
            Address:
              type: object
              properties:
                city: { type: string }
                country: { $ref: "#/components/schemas/Country" }
            Country: { type: string, enum: [fr, de] }
            Order:
              type: object
              required: [id]
              properties:
                id: { type: integer, readOnly: true }
                lines: { type: array, items: { $ref: "#/components/schemas/Line" } }
                country: { $ref: "#/components/schemas/Country" }
            Line:
              type: object
              properties: { sku: { type: string } }
            Shipment:
              type: object
              properties: { carrier: { type: string } }
            Unused:
              type: object
              properties:
                either: { not: { type: string } }
        """

    static func importing(_ selection: OperationSelection, apiName: String? = nil) throws -> OpenAPIImporter.Result {
        try OpenAPIImporter.importDocument(Data(document.utf8), file: "store.yaml", selection: selection, apiName: apiName)
    }

    /// The names a spec declares at the top of each section (`  Name:` or `  Name: [...]`).
    static func declared(_ yaml: String) -> Set<String> {
        Set(
            yaml.split(separator: "\n").compactMap { line in
                guard line.hasPrefix("  "), !line.hasPrefix("   "), let colon = line.firstIndex(of: ":") else { return nil }
                return String(line[line.index(line.startIndex, offsetBy: 2)..<colon])
            })
    }

    @Test func aTagTakesItsOperationsAndTheTypesTheyUseTransitively() throws {
        let users = try Self.importing(OperationSelection(tags: ["Users"]), apiName: "UsersAPI")
        #expect(Self.declared(users.yaml).isSuperset(of: ["User", "Address", "Country"]))
        #expect(Self.declared(users.yaml).isDisjoint(with: ["Order", "Line", "Shipment", "Unused", "shipOrder", "listUsernames"]))
        #expect(users.yaml.contains("name: UsersAPI"))
        #expect(users.summary.description == "3 operations read: 1 resource (3 operations), 0 actions, 0 left out; 4 not selected; 4 unused types left out")
        // `Unused` warns in a whole import; its warning concerns nothing this part declares.
        let whole = try OpenAPIImporter.importDocument(Data(Self.document.utf8), file: "store.yaml")
        #expect(whole.warnings.contains { $0.message.contains("Unused") })
        #expect(!users.warnings.contains { $0.message.contains("Unused") })

        let orders = try Self.importing(OperationSelection(tags: ["Orders"]))
        #expect(Self.declared(orders.yaml).isSuperset(of: ["Order", "Line", "Country", "Shipment", "shipOrder"]))
        #expect(Self.declared(orders.yaml).isDisjoint(with: ["User", "Address", "Unused", "listUsernames"]))
    }

    @Test func theWholeDocumentCanLeaveOutTheTypesNoOperationUses() throws {
        let whole = try OpenAPIImporter.importDocument(Data(Self.document.utf8), file: "store.yaml")
        #expect(Self.declared(whole.yaml).contains("Unused"))
        #expect(whole.summary.unusedTypes == 0)

        let used = try Self.importing(OperationSelection(usedTypesOnly: true))
        #expect(Self.declared(used.yaml).isSuperset(of: ["User", "Address", "Country", "Order", "Line", "Shipment", "shipOrder", "listUsernames"]))
        #expect(!Self.declared(used.yaml).contains("Unused"))
        #expect(!used.warnings.contains { $0.message.contains("Unused") })
        #expect(used.summary.description == "7 operations read: 2 resources (5 operations), 2 actions, 0 left out; 1 unused type left out")
    }

    @Test func aPathPrefixTakesWholeSegments() throws {
        let users = try Self.importing(OperationSelection(pathPrefixes: ["/users"]))
        #expect(Self.declared(users.yaml).contains("User"))
        #expect(!Self.declared(users.yaml).contains("listUsernames"))
        #expect(users.summary.notSelected == 4)
        // Tags and prefixes add up: `/usernames` by its tag, the users by their path.
        let both = try Self.importing(OperationSelection(tags: ["Misc"], pathPrefixes: ["/users/"]))
        #expect(Self.declared(both.yaml).isSuperset(of: ["User", "listUsernames"]))
        #expect(both.summary.notSelected == 3)
    }

    @Test func aSelectionOfNothingIsAnErrorNamingWhatExists() throws {
        let error = try #require(throws: DiagnosticsError.self) { try Self.importing(OperationSelection(tags: ["users"], pathPrefixes: ["/user"])) }
        #expect(error.diagnostics.map(\.message) == ["no operation of `store.yaml` has the tag `users`", "no path of `store.yaml` starts with `/user`"])
        #expect(error.diagnostics[0].hint == "its operations' tags: `Misc`, `Orders`, `Users`")
        #expect(error.diagnostics[1].hint == "its paths start with `/orders`, `/usernames`, `/users`")
        let named = try #require(throws: DiagnosticsError.self) { try Self.importing(OperationSelection(), apiName: "2API") }
        #expect(named.diagnostics.map(\.message) == ["`2API` cannot name the API"])
    }

    /// Each part is a module of its own, as a target per tag is, and an app imports several: a type both
    /// parts declare (`Country`) is one type per module, named through its module.
    @Test(.tags(.integration), .skippedWhenQuick) func partsAreModulesOneAppImportsTogether() async throws {
        try await OpenAPITestSupport.withTemporaryDirectory { folder in
            let runtime = try OpenAPITestSupport.runtimeModulesFolder()
            for tag in ["Users", "Orders"] {
                let part = try Self.importing(OperationSelection(tags: [tag]), apiName: "\(tag)API")
                let paths = try OpenAPITestSupport.writeGenerated(part.yaml, file: "\(tag).crude.yaml", to: folder.appendingPathComponent(tag))
                let flags = ["-emit-module", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-I", runtime]
                let module = try await OpenAPITestSupport.runTool(
                    "/usr/bin/env",
                    ["swiftc"] + flags + ["-module-name", "\(tag)Part", "-emit-module-path", folder.appendingPathComponent("\(tag)Part.swiftmodule").path]
                        + paths)
                #expect(module.status == 0, "the part tagged \(tag): \(module.stdout)\(module.stderr)")
            }
            let app = folder.appendingPathComponent("App.swift")
            try Data(
                """
                import CrudeRuntime
                import OrdersPart
                import UsersPart

                func shipAll(_ orders: [Order], to country: OrdersPart.Country) -> [Order] { orders.filter { $0.country == country } }
                let home: UsersPart.Country = .fr
                let user = User(name: "Ada", address: Address(city: "Paris", country: home))
                let calls: [Any] = [User.list(on:), Order.read(id:on:), OrdersAPI.shipOrder(id:on:)]
                """.utf8
            ).write(to: app)
            let checked = try await OpenAPITestSupport.runTool(
                "/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-I", runtime, "-I", folder.path, app.path])
            #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        }
    }
}
