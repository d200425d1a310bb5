// swift-format-ignore-file
// Written from Fixtures/transforms/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

@testable import FixtureTransforms

/// The generated client of Fixtures/transforms against `crudegen serve` of the same spec, one test per resource, server and store.
@Suite struct TransformsRecordedContractTests {
}
#endif
