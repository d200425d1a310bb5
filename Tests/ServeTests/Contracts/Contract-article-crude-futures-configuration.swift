// swift-format-ignore-file
// Written from Fixtures/article-crude-futures-configuration/spec.yaml by ContractTestWriter: `CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`.
// Do not edit.
#if CrudeServe
import CrudeRuntime
import Foundation
import Testing

import FixtureArticleCRUDEFuturesConfiguration

/// The generated client of Fixtures/article-crude-futures-configuration against `crudegen serve` of the same spec and its generated server, one test per resource, server and store.
@Suite struct ArticleCrudeFuturesConfigurationRecordedContractTests {
}
#endif
