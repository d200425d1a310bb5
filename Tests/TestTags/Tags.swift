import Foundation
import Testing

extension Tag {
    /// A test that reaches past this process: a real Python framework server, the Swift compiler on
    /// generated code, crudegen or a peer tool run as a program. Seconds to minutes each; the rest of the
    /// suite runs in seconds (README, "Development").
    @Tag public static var integration: Self

    /// A test that builds a consumer package through the build plugin: the slowest part, run one at a time.
    @Tag public static var plugin: Self
}

extension Trait where Self == ConditionTrait {
    /// Off when the environment sets `CRUDEGEN_QUICK=1`, for the quick part of the suite: every test tagged
    /// `integration` or `plugin` carries it, as Swift 6.3's `swift test --filter` selects by name, not by tag.
    public static var skippedWhenQuick: Self {
        .enabled("CRUDEGEN_QUICK=1 runs the quick part only") { ProcessInfo.processInfo.environment["CRUDEGEN_QUICK"] != "1" }
    }
}
