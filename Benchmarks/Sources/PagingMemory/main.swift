// paging-memory [--pages N]: walks N pages of 100 items (100 pages, 10,000 items by default; the
// reliability check walks 1,000 pages, 100,000 items) through `PageSequence` (what generated `pages()`
// returns) and reports the most heap the walk held between pages, against the heap one page takes and
// against collecting every page. The pages come from an in-memory transport, so only the client's own
// memory is measured. Heap in use is the allocator's own count (`HeapUsage`); run it in release:
//   swift run -c release --package-path Benchmarks paging-memory
import BenchModels
import BenchSupport
import CrudeRuntime
import Foundation
import HTTPTypes
import HeapUsage

let pageSize = 100
let pageCount = CommandLine.arguments.firstIndex(of: "--pages").flatMap { Int(CommandLine.arguments[$0 + 1]) } ?? 100

/// Bytes of heap in use now.
func heapInUse() -> Int {
    Int(heap_in_use())
}

/// Page `page`'s body (1-based): DRF's shape, the next page's URL in `next`. Encoded per request, so the
/// server holds no page between requests however long the walk.
func pageBody(_ page: Int) -> Data {
    let items = (0..<pageSize).map { itemJSON((page - 1) * pageSize + $0) }.joined(separator: ",")
    let next = page < pageCount ? #""http://bench.invalid/items?page=\#(page + 1)""# : "null"
    return Data(#"{"count": \#(pageSize * pageCount), "next": \#(next), "results": [\#(items)]}"#.utf8)
}

/// Answers page requests with ``pageBody(_:)``; unlike `InMemoryTransport` it records nothing, so the heap it
/// holds does not grow with the walk.
struct PageServer: HTTPTransport {
    func send(_ request: HTTPRequest, body: Data?, timeout: Duration) async throws -> (HTTPResponse, Data) {
        let page = request.path.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == "page" }?.value }.flatMap(Int.init) ?? 1
        return (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), pageBody(page))
    }
}

let client = APIClient(configuration: ClientConfiguration(baseURL: URL(string: "http://bench.invalid")!), transport: PageServer())
let list = APIOperation<Page<Item>>(
    request: OperationRequest(resource: "Item", operation: "list", method: .get, path: "items"), pagination: .djangoRESTFramework)

/// Heap held by one decoded page, measured while it is held.
func onePage() async throws -> Int {
    let before = heapInUse()
    let page = try await list.send(on: client)
    let held = heapInUse() - before
    precondition(page.items.count == pageSize)
    return held
}

/// The most heap above the start the walk holds between pages, over its first ten pages and over all of
/// them (equal when nothing accumulates), and the items it saw.
func walk() async throws -> (firstTen: Int, peak: Int, items: Int) {
    let before = heapInUse()
    var peak = 0
    var firstTen = 0
    var items = 0
    for try await page in list.pages(on: client) {
        items += page.items.count
        peak = max(peak, heapInUse() - before)
        if items == 10 * pageSize { firstTen = peak }
    }
    return (firstTen, peak, items)
}

/// The same walk keeping every page, as an app that collects a list would.
func collect() async throws -> Int {
    let before = heapInUse()
    var pages: [Page<Item>] = []
    for try await page in list.pages(on: client) {
        pages.append(page)
    }
    precondition(pages.count == pageCount)
    return heapInUse() - before
}

_ = try await onePage()  // warm up: first-use allocations are not the walk's
let page = try await onePage()
let walked = try await walk()
let collected = try await collect()
precondition(walked.items == pageSize * pageCount)
let kb = { (bytes: Int) in String(format: "%.0f KB", Double(bytes) / 1024) }
print("paging-memory: \(walked.items) items in \(pageCount) pages of \(pageSize)")
print("  one page held:                           \(kb(page))")
print("  walk, most held over the first 10 pages: \(kb(walked.firstTen))  (\(String(format: "%.2f", Double(walked.firstTen) / Double(page))) pages)")
print("  walk, most held over all \(pageCount) pages:      \(kb(walked.peak))  (\(String(format: "%.2f", Double(walked.peak) / Double(page))) pages)")
print("  collecting every page, held at the end:  \(kb(collected))  (\(String(format: "%.1f", Double(collected) / Double(page))) pages)")
