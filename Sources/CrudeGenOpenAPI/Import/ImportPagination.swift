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
            sizeParameter: object["size_parameter"] as? String, size: (object["size"] as? Int).flatMap { $0 > 0 ? $0 : nil }, at: SpecDraft.unwritten)
        return isAccepted(pagination) ? pagination : nil
    }

    /// Whether crudegen accepts `pagination` on a list, asked of its validator, the one judge of what a spec may say.
    static func isAccepted(_ pagination: PaginationSpec) -> Bool {
        var draft = SpecDraft(apiName: "Check")
        draft.resources = [
            .init(name: "Item", path: "items", idName: "id", idKey: "id", idType: .named("Int"), operations: [.list], pagination: pagination, fields: [])
        ]
        let loaded = SpecLoader.load(Data(SpecWriter.yaml(of: draft, header: "pagination check").utf8), file: "check.crude.yaml")
        guard let spec = loaded.spec, !loaded.diagnostics.containsErrors else { return false }
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
            pagination = PaginationSpec(style: .linkHeader, countHeader: total, at: SpecDraft.unwritten)
        } else if total != nil, let page = ["_page", "page"].first(where: query.contains) {
            pagination = PaginationSpec(style: .page, items: "", countHeader: total, parameter: page == "page" ? nil : page, at: SpecDraft.unwritten)
        } else if total != nil, query.contains("offset") {
            pagination = PaginationSpec(style: .offset, items: "", countHeader: total, at: SpecDraft.unwritten)
        } else {
            return nil
        }
        return Self.isAccepted(pagination) ? pagination : nil
    }

    /// What a list response is: an array of a model, or a page object holding one. `query` names the list's
    /// query parameters, which say what a page-number page is asked for by.
    func listShape(_ schema: JSONSchema?, query: Set<String> = []) -> (
        model: (component: String, typeName: String), pagination: PaginationSpec?, namespace: String?
    )? {
        if let shape = pageOrArray(schema, query: query) { return (shape.model, shape.pagination, nil) }
        if let (key, inner) = singleKeyWrapper(schema), let shape = pageOrArray(inner, query: query), shape.pagination == nil { return (shape.model, nil, key) }
        return nil
    }

    /// The keys of a page's total number of items.
    static let countKeys = ["count", "total", "total_count", "totalCount"]

    /// The keys of a page's number, in a page asked for by page number (Litestar's `ClassicPagination`).
    static let pageNumberKeys = ["current_page", "currentPage", "page", "page_number", "pageNumber"]

    /// An array of a model, or a page object holding one: with a next URL (the spec's default), an offset
    /// (Litestar's `OffsetPagination`, `{items, limit, offset, total}`) or a page number (its
    /// `ClassicPagination`, `{items, page_size, current_page, total_pages}`).
    func pageOrArray(_ schema: JSONSchema?, query: Set<String>) -> (
        model: (component: String, typeName: String), pagination: PaginationSpec?
    )? {
        guard var schema else { return nil }
        // A page is often a component of its own (`PaginatedPetList`).
        if case let .reference(reference, _) = schema.value, let target = reference.name.flatMap(componentSchema(named:)) {
            schema = target
        }
        if case let .array(_, array) = schema.value, let model = referencedModel(array.items) {
            return (model, nil)
        }
        guard case let .object(_, object) = schema.value else { return nil }
        let itemKeys = object.properties.compactMap { key, value -> (String, (String, String))? in
            guard case let .array(_, array) = value.value, let model = referencedModel(array.items) else { return nil }
            return (key, model)
        }
        guard itemKeys.count == 1, let (items, model) = itemKeys.first else { return nil }
        let keys = Set(object.properties.keys)
        let isInteger = { (key: String) in object.properties[key]?.isInteger == true }
        let count = Self.countKeys.first(where: keys.contains)
        // The spec's default paging follows a next URL: a page number or cursor under `next` is another style.
        if let next = ["next", "next_page", "nextPage", "next_url"].first(where: keys.contains) {
            guard object.properties[next]?.isString == true else { return nil }
            // Keys at the next-URL style's defaults are left out (`count: none` for a page without a total).
            return (
                model,
                PaginationSpec(
                    items: items == "results" ? nil : items, next: next == "next" ? nil : next, count: count == "count" ? nil : (count ?? "none"),
                    at: SpecDraft.unwritten)
            )
        }
        // An offset page says which offset it is; the offset style sends `offset` and counts `count` by default.
        if isInteger("offset") {
            return (
                model,
                PaginationSpec(
                    style: .offset, items: items == "results" ? nil : items, count: count == "count" ? nil : (count ?? "none"), at: SpecDraft.unwritten)
            )
        }
        // A page-number page counts pages, not items (`total_pages`), so only the end of the items ends a walk.
        // The page is asked for by the query parameter of the page's key, else `page`, the style's default.
        if let number = Self.pageNumberKeys.first(where: { keys.contains($0) && isInteger($0) }) {
            let parameter = query.contains(number) || !query.contains("page") ? number : "page"
            return (
                model,
                PaginationSpec(
                    style: .page, items: items == "results" ? nil : items, count: count.flatMap { isInteger($0) ? $0 : nil },
                    parameter: parameter == "page" ? nil : parameter, at: SpecDraft.unwritten)
            )
        }
        return nil
    }
}
