import CrudeGenCore
import Foundation
import OpenAPIKit

/// The importer's pagination: how a list's responses page, from `x-crudegen-pagination`, the page's shape or the response headers.
extension Mapper {
    /// The `pagination` `export` wrote on a list operation or action (`x-crudegen-pagination`).
    static func paginationExtension(_ extensions: [String: AnyCodable]) -> PaginationSpec? {
        guard let object = extensions[CrudegenExtension.pagination]?.value as? [String: Any] else { return nil }
        let style = (object["style"] as? String).map(PaginationSpec.Style.init(rawValue:))
        // A style no spec has makes the rest meaningless: the page's shape decides instead.
        if case .some(nil) = style { return nil }
        let pagination = PaginationSpec(
            style: style?.flatMap { $0 } ?? .nextURL, items: object["items"] as? String, next: object["next"] as? String,
            count: object["count"] as? String, countHeader: object["count_header"] as? String, parameter: object["parameter"] as? String,
            sizeParameter: object["size_parameter"] as? String, size: (object["size"] as? Int).flatMap { $0 > 0 ? $0 : nil }, at: .unwritten)
        return isAccepted(pagination) ? pagination : nil
    }

    /// Whether crudegen accepts `pagination` on a list, asked of its validator, the one judge of what a spec may say.
    static func isAccepted(_ pagination: PaginationSpec) -> Bool {
        let item = ResourceSpec(
            name: Located(unwritten: "Item"), path: Located(unwritten: "items"),
            id: IDSpec(name: Located(unwritten: "id"), type: Located(unwritten: .named("Int"))), operations: [Located(unwritten: .list)], pagination: pagination
        )
        let spec = Spec(file: "check.crude.yaml", api: APISpec(name: Located(unwritten: "Check"), location: .unwritten), resources: [item])
        return !SpecValidator.validate(spec).containsErrors
    }

    /// The query parameters that ask for a page's position or size in Django REST Framework's paginators
    /// (`page`, `page_size`, `limit`, `offset`, `cursor`), which a paged list leaves to its pages.
    static let pagingQueryNames: Set<String> = ["page", "page_size", "limit", "offset", "cursor"]

    /// The query parameters a pagination sends itself (the page, offset or cursor and the page size).
    static func pageQueryNames(_ pagination: PaginationSpec) -> Set<String> {
        let resolved = pagination.resolved
        return Set([resolved.parameter, resolved.size?.parameter].compactMap { $0 })
    }

    /// How a list answering a bare array pages when its headers say so: by the `Link` header (GitHub), or
    /// by page number or offset with the total in a header (json-server's `?_page=&_limit=` and
    /// `X-Total-Count`); `nil` for a list that does not page.
    func headerPagination(_ list: Endpoint, query: Set<String>) -> PaginationSpec? {
        let headers = successHeaderNames(list.operation)
        let total = headers.first { ["x-total-count", "x-total", "total-count"].contains($0.lowercased()) }
        let pagination: PaginationSpec
        if headers.contains(where: { $0.lowercased() == "link" }) {
            pagination = PaginationSpec(style: .linkHeader, countHeader: total, at: .unwritten)
        } else if total != nil, let page = ["_page", "page"].first(where: query.contains) {
            pagination = PaginationSpec(style: .page, items: "", countHeader: total, parameter: page, at: .unwritten)
        } else if total != nil, query.contains("offset") {
            pagination = PaginationSpec(style: .offset, items: "", countHeader: total, at: .unwritten)
        } else {
            return nil
        }
        return Self.isAccepted(pagination) ? pagination.withoutDefaults : nil
    }

    /// What a list response is: an array of a model, or an object holding one under any key (a page, or
    /// the array beside metadata: `{"servers": [...], "meta": {...}}`), possibly inside one more key.
    /// `query` names the list's query parameters, which say what a page is asked for by. An object whose
    /// paging is not recognised is read through its key (`namespace.many`), which ignores its other keys.
    func listShape(_ schema: JSONSchema?, query: Set<String> = [], inline: InlineModel? = nil) -> (
        model: (component: String, typeName: String), pagination: PaginationSpec?, namespace: String?
    )? {
        guard let schema else { return nil }
        if case let .array(_, array) = resolved(schema).value { return arrayModel(array.items, inline: inline).map { ($0, nil, nil) } }
        guard let properties = objectProperties(schema) else { return nil }
        if let page = page(properties, query: query, inline: inline) {
            if let pagination = page.pagination { return (page.model, pagination, nil) }
            // Keys beside the items that speak of pages nobody recognised: reading the items alone would
            // hide every page after the first, so the list stays an action answering the whole object.
            guard !pageLeaves(properties.filter { $0.key != page.items }).contains(where: { Self.speaksOfPages($0.path) }) else { return nil }
            return (page.model, nil, page.items)
        }
        // `{"data": {"results": [...], "next": …}}`: the page one key down.
        guard properties.count == 1, let (key, inner) = properties.first, let nested = objectProperties(inner),
            let page = page(nested, query: query, under: [key], inline: inline), let pagination = page.pagination
        else { return nil }
        return (page.model, pagination, nil)
    }

    /// The page an object's properties describe, the object being at the key path `prefix` of the body:
    /// its one array of a model, or of several the one under its items' plural name (Xero's
    /// `{"Invoices": [Invoice], "Warnings": [ValidationError]}`), and how it pages when the keys beside the
    /// array say (`nil` otherwise).
    func page(_ properties: [(key: String, value: JSONSchema)], query: Set<String>, under prefix: [String] = [], inline: InlineModel? = nil) -> (
        model: (component: String, typeName: String), items: String, pagination: PaginationSpec?
    )? {
        var arrays = properties.compactMap { key, value -> (String, (component: String, typeName: String))? in
            guard case let .array(_, array) = resolved(value).value, let model = arrayModel(array.items, inline: inline) else { return nil }
            return (key, model)
        }
        if arrays.count > 1 {
            arrays = arrays.filter { key, model in
                ResourceMatching.normalized(ResourceMatching.singular(of: key)) == ResourceMatching.normalized(model.typeName)
            }
        }
        guard arrays.count == 1, let (key, model) = arrays.first, !(prefix + [key]).contains(where: { $0.contains(".") }) else { return nil }
        let leaves = pageLeaves(properties.filter { $0.key != key }).map { (prefix + $0.path, $0.schema) }
        let items = (prefix + [key]).joined(separator: ".")
        return (model, items, paging(leaves, items: items, query: query))
    }

    /// The model of an array's items: a model component, or the inline model's object written in place.
    func arrayModel(_ items: JSONSchema?, inline: InlineModel?) -> (component: String, typeName: String)? {
        if let model = referencedModel(items) { return model }
        guard let items, let inline, isInline(items, inline) else { return nil }
        return inline.model
    }

    /// The scalar values beside a page's items with their key paths, shallowest first, looking into
    /// objects (`meta.pagination.next_page`, `links.pages.next`) a few keys deep.
    func pageLeaves(_ properties: [(key: String, value: JSONSchema)]) -> [(path: [String], schema: JSONSchema)] {
        var leaves: [(path: [String], schema: JSONSchema)] = []
        var level = properties.map { (path: [$0.key], schema: $0.value) }
        for _ in 0..<4 where !level.isEmpty {
            var deeper: [(path: [String], schema: JSONSchema)] = []
            for (path, schema) in level where !path.last!.contains(".") {
                if let nested = objectProperties(schema) {
                    deeper += nested.map { (path + [$0.key], $0.value) }
                } else {
                    leaves.append((path, nonNull(schema)))
                }
            }
            level = deeper
        }
        return leaves
    }

    /// How a page pages, from the names and types of the values beside its items: a cursor sent back
    /// as one of the list's query parameters, a next URL, a next page number, an offset or a page number,
    /// with the total when there is one.
    func paging(_ leaves: [(path: [String], schema: JSONSchema)], items: String, query: Set<String>) -> PaginationSpec? {
        let name = { (path: [String]) in ResourceMatching.normalized(path.last!) }
        let first = { (accepts: ([String], JSONSchema) -> Bool) in leaves.first { accepts($0.path, $0.schema) }?.path.joined(separator: ".") }
        let integer = { (path: [String], schema: JSONSchema) in schema.isInteger }
        let count = first { integer($0, $1) && Self.totalNames.contains(name($0)) }
        // The next-URL and offset styles count `count` by default: a page without a total says `none`.
        let countOrNone = count ?? "none"
        let candidate: PaginationSpec?
        if let (cursor, parameter) = cursorKey(leaves, query: query) {
            candidate = PaginationSpec(
                style: .cursor, items: items, next: cursor, count: count, parameter: parameter, at: .unwritten)
        } else if let next = first({ path, schema in schema.isString && Self.isNextURL(path) }) {
            candidate = PaginationSpec(items: items, next: next, count: countOrNone, at: .unwritten)
        } else if query.contains("offset") || first({ integer($0, $1) && name($0) == "offset" && $0.count == items.split(separator: ".").count }) != nil {
            // An offset page says its offset beside the items (PagerDuty's `{offset, limit, more, total}`), or
            // the list is asked for by one (Airflow's `{connections, total_entries}` with `?offset=&limit=`).
            candidate = PaginationSpec(style: .offset, items: items, count: countOrNone, at: .unwritten)
        } else if let number = leaves.first(where: { integer($0.path, $0.schema) && Self.pageNumberKeys.contains($0.path.last!) }) {
            // A page-number page is asked for by the query parameter of its key, else `page`, the style's
            // default; its next number is the body's when it says (`next_page`), else one more.
            let key = number.path.last!
            let parameter = query.contains(key) || !query.contains("page") ? key : PaginationSpec.Style.page.defaultParameter
            let next = first { integer($0, $1) && Self.nextNames.contains(name($0)) }
            candidate = PaginationSpec(
                style: .page, items: items, next: next, count: count, parameter: parameter, at: .unwritten)
        } else if query.contains("page") {
            candidate = PaginationSpec(style: .page, items: items, count: count, at: .unwritten)
        } else {
            candidate = nil
        }
        return candidate.flatMap { Self.isAccepted($0) ? $0.withoutDefaults : nil }
    }

    /// The cursor a page sends back (`next_cursor`, `meta.next_marker`, `nextPageToken`, never a cursor to
    /// the page before) and the query parameter of the list's that takes it; `nil` when the list has no
    /// such parameter.
    func cursorKey(_ leaves: [(path: [String], schema: JSONSchema)], query: Set<String>) -> (key: String, parameter: String)? {
        for (path, schema) in leaves where schema.isString {
            let name = ResourceMatching.normalized(path.last!)
            // A cursor back (Box's `prev_marker` beside `next_marker`) leads to the page before.
            guard ["cursor", "marker", "token"].contains(where: name.hasSuffix), !["prev", "previous", "before"].contains(where: name.hasPrefix) else {
                continue
            }
            let stem = name.hasPrefix("next") ? String(name.dropFirst(4)) : name
            let parameter = query.sorted().first { parameter in
                let normalized = ResourceMatching.normalized(parameter)
                return normalized == name || normalized == stem || (Self.cursorParameters.contains(normalized) && name.hasSuffix(normalized))
            }
            if let parameter { return (path.joined(separator: "."), parameter) }
        }
        return nil
    }

    /// Whether a key path names the next page's URL: `next`, `next_url`, `nextLink`, or the URL inside a
    /// next object (`next_page.uri`, HAL's `_links.next.href`).
    static func isNextURL(_ path: [String]) -> Bool {
        let last = ResourceMatching.normalized(path.last!)
        if nextNames.contains(last) || ["nexturl", "nextlink", "nexthref", "nextpageurl"].contains(last) { return true }
        return path.count > 1 && nextNames.contains(ResourceMatching.normalized(path[path.count - 2])) && ["url", "uri", "href", "link"].contains(last)
    }

    /// Whether a key path beside a list's items is about paging (`size`, `meta.next_token`, `links.prev`).
    static func speaksOfPages(_ path: [String]) -> Bool {
        let words = ["page", "next", "prev", "cursor", "offset", "total", "count", "more", "limit", "marker", "token", "size", "results"]
        return path.contains { key in
            let name = ResourceMatching.normalized(key)
            return words.contains(where: name.contains)
        }
    }

    /// The normalized names of a next page: `next`, `next_page`, `nextPage`.
    static let nextNames: Set<String> = ["next", "nextpage"]

    /// The normalized names of a page's total number of items (Linode's integer `results` among them).
    static let totalNames: Set<String> = [
        "count", "total", "totalcount", "totalentries", "totalresults", "totalitems", "totalrecords", "totalsize", "results",
    ]

    /// The normalized query parameters that take a cursor.
    static let cursorParameters: Set<String> = ["cursor", "marker", "token", "pagetoken", "after", "startingafter", "startingtoken", "continuationtoken"]

    /// The keys of a page's number, in a page asked for by page number (Litestar's `ClassicPagination`).
    static let pageNumberKeys = ["current_page", "currentPage", "page", "page_number", "pageNumber"]

    /// The properties of an object schema, following references and merging the members of `allOf`,
    /// `anyOf` and `oneOf` (a page's metadata is often split among them); `nil` for another schema.
    ///
    /// They are in document order where the schema's place is known (`pointer`, or a component's), else
    /// in the order of their keys: OpenAPIKit's order of properties is Foundation's decoder's, which
    /// changes from run to run, and what is found first here (a page's cursor) must not.
    func objectProperties(_ schema: JSONSchema, at pointer: [String]? = nil, depth: Int = 0) -> [(key: String, value: JSONSchema)]? {
        guard depth < 8 else { return nil }
        switch schema.value {
        case let .reference(reference, _):
            guard let name = reference.name, let target = componentSchema(named: name) else { return nil }
            return objectProperties(target, at: ["components", "schemas", name], depth: depth + 1)
        case let .object(_, object):
            guard !object.properties.isEmpty else { return nil }
            let properties = object.properties.map { (key: $0.key, value: $0.value) }
            return pointer.map { source.inDocumentOrder(properties, at: $0 + ["properties"]) } ?? properties.sorted { $0.key < $1.key }
        case let .all(of: members, _): return mergedProperties(of: members, at: pointer.map { $0 + ["allOf"] }, depth: depth)
        case let .any(of: members, _): return mergedProperties(of: members, at: pointer.map { $0 + ["anyOf"] }, depth: depth)
        case let .one(of: members, _): return mergedProperties(of: members, at: pointer.map { $0 + ["oneOf"] }, depth: depth)
        default:
            return nil
        }
    }

    /// The properties of the members of an `allOf`, `anyOf` or `oneOf` at `pointer`, each once, in order.
    private func mergedProperties(of members: [JSONSchema], at pointer: [String]?, depth: Int) -> [(key: String, value: JSONSchema)]? {
        let parts = members.enumerated().compactMap { index, member in
            objectProperties(member, at: pointer.map { $0 + [String(index)] }, depth: depth + 1)
        }
        var seen: Set<String> = []
        return parts.isEmpty ? nil : parts.joined().filter { seen.insert($0.key).inserted }
    }

    /// `schema` resolved, without the `null` it may also be: the one other member of an `anyOf` or `oneOf`
    /// with `null` (OpenAPI 3.1's and pydantic's `int | None`).
    func nonNull(_ schema: JSONSchema) -> JSONSchema {
        let schema = resolved(schema)
        switch schema.value {
        case let .any(of: members, _), let .one(of: members, _):
            let others = members.filter { if case .null = $0.value { false } else { true } }
            return others.count == 1 ? resolved(others[0]) : schema
        default:
            return schema
        }
    }

    /// `schema`, or the component schema it refers to (through references to references).
    func resolved(_ schema: JSONSchema) -> JSONSchema {
        var current = schema
        for _ in 0..<8 {
            guard case let .reference(reference, _) = current.value, let target = reference.name.flatMap(componentSchema(named:)) else { break }
            current = target
        }
        return current
    }
}
