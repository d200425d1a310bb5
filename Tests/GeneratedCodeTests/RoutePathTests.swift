import CrudeRuntime
import Testing

/// How a route's literal text and its values become the path sent.
@Suite struct RoutePathTests {
    /// A non-ASCII letter or a backslash in a route once made `URL(string:)` encode the whole path again, so
    /// `%3D` of a value went out as `%253D` and `crudegen serve` answered 404 (random spec 2042).
    @Test func literalTextAPathCannotHoldIsEncodedAndEscapesAreKept() {
        let value = "YQ=="
        #expect(RoutePath("名前/\(value)/per%cent").encoded == "%E5%90%8D%E5%89%8D/YQ%3D%3D/per%cent")
        #expect(RoutePath("by-\\(x)10/\(value)").encoded == "by-%5C(x)10/YQ%3D%3D")
        #expect(RoutePath("100%/a b/\(value)").encoded == "100%25/a%20b/YQ%3D%3D")
        #expect(RoutePath("people/\(value):search").encoded == "people/YQ%3D%3D:search")
        #expect(RoutePath("100%/\(value)").encoded == "100%25/YQ%3D%3D")
    }
}
