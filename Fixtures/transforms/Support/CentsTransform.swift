import CrudeRuntime
import Foundation

/// A user-defined transform, as a spec's `transforms` section names it: prices travel as integer cents.
nonisolated enum CentsTransform: ValueTransform {
    static func decode(_ cents: Int) throws -> Decimal {
        Decimal(cents) / 100
    }

    static func encode(_ value: Decimal) throws -> Int {
        NSDecimalNumber(decimal: value * 100).intValue
    }
}
