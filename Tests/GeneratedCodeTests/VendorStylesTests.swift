import CrudeRuntime
import FixtureFastAPIVendorStyles
import Foundation
import TestTags
import Testing

/// The code generated from the schema FastAPI serves for `Tests/FastAPIServer/vendor_styles.py`
/// (`Fixtures/fastapi-vendor-styles`, imported by `crudegen import`; ImportTests keeps it current), run
/// against that app: resources whose bodies are wrapped and whose pages are shaped as Hetzner Cloud,
/// DigitalOcean, PagerDuty and Asana publish theirs, and a cursor under `meta`. Every page of every style is
/// walked, and each resource is created, read, updated and deleted where the API has those calls. Each test
/// keeps its rows apart with an `X-Group` header of its own.
@Suite(.tags(.integration), .skippedWhenQuick) struct VendorStylesTests {
    /// A client of the running app whose rows are those of a new group.
    static func client() async throws -> APIClient {
        var configuration = VendorStyles.configuration(baseURL: try await PythonTestServer.vendorStyles.origin())
        configuration.headers["X-Group"] = UUID().uuidString
        return APIClient(configuration: configuration)
    }

    /// Hetzner Cloud: one server is `{"server": …}`, bodies go bare, and a page is `{"servers": […], "meta":
    /// {"pagination": {"next_page", "total_entries", …}}}` asked for by `?page=`.
    @Test func hetznerStyleServersPageByTheNumberInMeta() async throws {
        let client = try await Self.client()
        var names: [String] = []
        for index in 1...5 { names.append(try await Server(name: "server-\(index)", status: "running").create(on: client).name) }
        let first = try await Server.list(perPage: 2, on: client)
        #expect(first.items.map(\.name) == ["server-1", "server-2"] && first.count == 5)
        var walked: [[String]] = []
        for try await page in Server.pages(perPage: 2, on: client) { walked.append(page.items.map(\.name)) }
        #expect(walked == [["server-1", "server-2"], ["server-3", "server-4"], ["server-5"]])

        let created = try await Server(name: "web", status: "running", labels: ["env": "prod"]).create(on: client)
        let id = try #require(created.id)
        var read = try await Server.read(id: id, on: client)
        #expect(read.name == "web" && read.labels == ["env": "prod"])
        read.name = "web-2"
        #expect(try await read.update(on: client).name == "web-2")
        try await Server.delete(id: id, on: client)
        await #expect(throws: APIError.self) { try await Server.read(id: id, on: client) }
        #expect(names.count == 5)
    }

    /// DigitalOcean: `{"droplet": …}`, and pages whose next one is the absolute URL at `links.pages.next`,
    /// with the total at `meta.total`. Every create leaves `vpcUuid` `nil`: the server requires the key
    /// (pydantic's `str | None` without a default), so it goes out as `null` under the create's `nils: .omit`.
    @Test func digitalOceanStyleDropletsFollowTheNextLink() async throws {
        let client = try await Self.client()
        for index in 1...5 { _ = try await Droplet(name: "droplet-\(index)", sizeSlug: "s-1vcpu-1gb", memory: 1024).create(on: client) }
        var walked: [[String]] = []
        for try await page in Droplet.pages(perPage: 2, on: client) {
            #expect(page.count == 5)
            walked.append(page.items.map(\.name))
        }
        #expect(walked == [["droplet-1", "droplet-2"], ["droplet-3", "droplet-4"], ["droplet-5"]])
        let created = try await Droplet(name: "db", sizeSlug: "s-2vcpu-4gb", memory: 4096).create(on: client)
        let read = try await Droplet.read(id: try #require(created.id), on: client)
        #expect(read.sizeSlug == "s-2vcpu-4gb" && read.memory == 4096 && read.vpcUuid == nil)
        try await read.delete(on: client)
        let inVPC = try await Droplet(name: "web", sizeSlug: "s-1vcpu-1gb", memory: 1024, vpcUuid: "vpc-1").create(on: client)
        #expect(try await Droplet.read(id: try #require(inVPC.id), on: client).vpcUuid == "vpc-1")
    }

    /// PagerDuty: requests and answers wrapped in `{"addon": …}`, and pages `{"addons": […], "offset", "limit",
    /// "more", "total"}` by offset, whose total is there only when asked for.
    @Test func pagerDutyStyleAddonsAreWrappedBothWaysAndPageByOffset() async throws {
        let client = try await Self.client()
        for index in 1...5 {
            _ = try await Addon(type: "full_page_addon", name: "addon-\(index)", src: "https://example.com/\(index)").create(on: client)
        }
        var walked: [[String]] = []
        for try await page in Addon.pages(total: true, query: [URLQueryItem(name: "limit", value: "2")], on: client) {
            #expect(page.count == 5)
            walked.append(page.items.map(\.name))
        }
        #expect(walked == [["addon-1", "addon-2"], ["addon-3", "addon-4"], ["addon-5"]])
        #expect(try await Addon.list(on: client).count == nil, "PagerDuty counts only when asked")

        var addon = try await Addon(type: "incident_show_addon", name: "status", src: "https://example.com/status").create(on: client)
        addon.name = "status page"
        let updated = try await addon.update(on: client)
        #expect(updated.name == "status page" && updated.type == "incident_show_addon")
        #expect(try await Addon.read(id: try #require(addon.id), on: client).name == "status page")
        try await updated.delete(on: client)
    }

    /// PagerDuty's contact methods, a union pydantic tells apart by `type` (`oneOf` with a discriminator in
    /// FastAPI's schema): each variant is sent with its tag, validated by the server as that variant, and
    /// read back as the case it was sent as.
    @Test func pagerDutyStyleContactMethodsAreAUnionToldApartByType() async throws {
        let client = try await Self.client()
        let phone = PhoneContactMethod(type: .phoneContactMethod, label: "Mobile", countryCode: 44, address: "7700900123")
        var addon = try await Addon(type: "full_page_addon", name: "on call", src: "https://example.com/oncall", contact: .phoneContactMethod(phone))
            .create(on: client)
        #expect(addon.contact == .phoneContactMethod(phone))
        let email = EmailContactMethod(type: .emailContactMethod, label: "Work", address: "oncall@example.com")
        addon.contact = .emailContactMethod(email)
        _ = try await addon.update(on: client)
        let read = try await Addon.read(id: try #require(addon.id), on: client)
        #expect(read.contact == .emailContactMethod(email))
        try await read.delete(on: client)
    }

    /// Asana: `{"data": …}` both ways, the item path's `{task_gid}` naming the task's `gid`, and pages whose
    /// next one is the URL at `next_page.uri`, absent on the last.
    @Test func asanaStyleTasksAreIdentifiedByGidAndFollowNextPageURI() async throws {
        let client = try await Self.client()
        for index in 1...5 { _ = try await TaskModel(name: "task-\(index)").create(on: client) }
        var walked: [[String]] = []
        for try await page in TaskModel.pages(query: [URLQueryItem(name: "limit", value: "2")], on: client) { walked.append(page.items.map(\.name)) }
        #expect(walked == [["task-1", "task-2"], ["task-3", "task-4"], ["task-5"]])

        var task = try await TaskModel(name: "write tests", completed: false).create(on: client)
        let gid = try #require(task.gid)
        task.completed = true
        #expect(try await task.update(on: client).completed == true)
        #expect(try await TaskModel.read(gid: gid, on: client).completed == true)
    }

    /// A cursor under `meta` (`{"data": […], "meta": {"next_cursor"}}`) sent back as `?cursor=`.
    @Test func cursorStyleEventsFollowTheCursorInMeta() async throws {
        let client = try await Self.client()
        var ids: [Int] = []
        for kind in ["a", "b", "c", "d", "e"] { ids.append(try #require(try await Event(kind: kind).create(on: client).id)) }
        var walked: [[String]] = []
        for try await page in Event.pages(query: [URLQueryItem(name: "limit", value: "2")], on: client) { walked.append(page.items.map(\.kind)) }
        #expect(walked == [["a", "b"], ["c", "d"], ["e"]])
        #expect(try await Event.read(id: ids[2], on: client).kind == "c")
    }
}
