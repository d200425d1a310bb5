// Written by ContractTestFiles (`CRUDEGEN_RECORD=1 swift test --filter ContractTestFiles`). Do not edit.
#if CrudeServe
import CrudeServe

/// Every fixture's generated server answering with its defaults alone: what the contract tests run against beside `crudegen serve`.
enum GeneratedServers {
    /// The generated server of `fixture`, starting with `seed`, over `database`; `nil` for a fixture without one.
    static func server(fixture: String, seed: Seed, database: String?) throws -> SpecServer? {
        switch fixture {
        case "apimodel": try FixtureApiModelDefaults().server(seed: seed, database: database)
        case "article-apimodel": try FixtureArticleApiModelDefaults().server(seed: seed, database: database)
        case "article-crude-futures-configuration": try FixtureArticleCRUDEFuturesConfigurationDefaults().server(seed: seed, database: database)
        case "article-crude-futures-model": try FixtureArticleCRUDEFuturesModelDefaults().server(seed: seed, database: database)
        case "article-crude-futures-routes": try FixtureArticleCRUDEFuturesRoutesDefaults().server(seed: seed, database: database)
        case "article-iservice": try FixtureArticleIServiceDefaults().server(seed: seed, database: database)
        case "article-raccoon": try FixtureArticleRaccoonDefaults().server(seed: seed, database: database)
        case "corners": try FixtureCornersDefaults().server(seed: seed, database: database)
        case "crude-futures": try FixtureCRUDEFuturesDefaults().server(seed: seed, database: database)
        case "drf": try FixtureDRFDefaults().server(seed: seed, database: database)
        case "drf-apimodel": try FixtureDRFApiModelDefaults().server(seed: seed, database: database)
        case "drf-crude-futures": try FixtureDRFCRUDEFuturesDefaults().server(seed: seed, database: database)
        case "drf-imported": try FixtureDRFImportedDefaults().server(seed: seed, database: database)
        case "drf-iservice": try FixtureDRFIServiceDefaults().server(seed: seed, database: database)
        case "drf-raccoon": try FixtureDRFRaccoonDefaults().server(seed: seed, database: database)
        case "drf-yasg-imported": try FixtureDRFYasgImportedDefaults().server(seed: seed, database: database)
        case "fastapi-imported": try FixtureFastAPIImportedDefaults().server(seed: seed, database: database)
        case "fastapi-vendor-styles": try FixtureFastAPIVendorStylesDefaults().server(seed: seed, database: database)
        case "gallery": try FixtureGalleryDefaults().server(seed: seed, database: database)
        case "iservice": try FixtureIServiceDefaults().server(seed: seed, database: database)
        case "jsonapi": try FixtureJSONAPIDefaults().server(seed: seed, database: database)
        case "litestar-imported": try FixtureLitestarImportedDefaults().server(seed: seed, database: database)
        case "main-actor": try FixtureMainActorDefaults().server(seed: seed, database: database)
        case "naming": try FixtureNamingDefaults().server(seed: seed, database: database)
        case "paging": try FixturePagingDefaults().server(seed: seed, database: database)
        case "raccoon": try FixtureRaccoonDefaults().server(seed: seed, database: database)
        case "random-2035": try FixtureRandom2035Defaults().server(seed: seed, database: database)
        case "random-2042": try FixtureRandom2042Defaults().server(seed: seed, database: database)
        case "random-finds": try FixtureRandomFindsDefaults().server(seed: seed, database: database)
        case "readme": try FixtureReadmeDefaults().server(seed: seed, database: database)
        case "shadowing": try FixtureShadowingDefaults().server(seed: seed, database: database)
        case "store": try FixtureStoreDefaults().server(seed: seed, database: database)
        case "unions": try FixtureUnionsDefaults().server(seed: seed, database: database)
        default: nil
        }
    }
}

/// Fixtures/apimodel's service with every method's default.
struct FixtureApiModelDefaults: FixtureApiModelService {}

/// Fixtures/article-apimodel's service with every method's default.
struct FixtureArticleApiModelDefaults: FixtureArticleApiModelService {}

/// Fixtures/article-crude-futures-configuration's service with every method's default.
struct FixtureArticleCRUDEFuturesConfigurationDefaults: FixtureArticleCRUDEFuturesConfigurationService {}

/// Fixtures/article-crude-futures-model's service with every method's default.
struct FixtureArticleCRUDEFuturesModelDefaults: FixtureArticleCRUDEFuturesModelService {}

/// Fixtures/article-crude-futures-routes's service with every method's default.
struct FixtureArticleCRUDEFuturesRoutesDefaults: FixtureArticleCRUDEFuturesRoutesService {}

/// Fixtures/article-iservice's service with every method's default.
struct FixtureArticleIServiceDefaults: FixtureArticleIServiceService {}

/// Fixtures/article-raccoon's service with every method's default.
struct FixtureArticleRaccoonDefaults: FixtureArticleRaccoonService {}

/// Fixtures/corners's service with every method's default.
struct FixtureCornersDefaults: FixtureCornersService {}

/// Fixtures/crude-futures's service with every method's default.
struct FixtureCRUDEFuturesDefaults: FixtureCRUDEFuturesService {}

/// Fixtures/drf's service with every method's default.
struct FixtureDRFDefaults: FixtureDRFService {}

/// Fixtures/drf-apimodel's service with every method's default.
struct FixtureDRFApiModelDefaults: FixtureDRFApiModelService {}

/// Fixtures/drf-crude-futures's service with every method's default.
struct FixtureDRFCRUDEFuturesDefaults: FixtureDRFCRUDEFuturesService {}

/// Fixtures/drf-imported's service with every method's default.
struct FixtureDRFImportedDefaults: FixtureDRFImportedService {}

/// Fixtures/drf-iservice's service with every method's default.
struct FixtureDRFIServiceDefaults: FixtureDRFIServiceService {}

/// Fixtures/drf-raccoon's service with every method's default.
struct FixtureDRFRaccoonDefaults: FixtureDRFRaccoonService {}

/// Fixtures/drf-yasg-imported's service with every method's default.
struct FixtureDRFYasgImportedDefaults: FixtureDRFYasgImportedService {}

/// Fixtures/fastapi-imported's service with every method's default.
struct FixtureFastAPIImportedDefaults: FixtureFastAPIImportedService {}

/// Fixtures/fastapi-vendor-styles's service with every method's default.
struct FixtureFastAPIVendorStylesDefaults: FixtureFastAPIVendorStylesService {}

/// Fixtures/gallery's service with every method's default.
struct FixtureGalleryDefaults: FixtureGalleryService {}

/// Fixtures/iservice's service with every method's default.
struct FixtureIServiceDefaults: FixtureIServiceService {}

/// Fixtures/jsonapi's service with every method's default.
struct FixtureJSONAPIDefaults: FixtureJSONAPIService {}

/// Fixtures/litestar-imported's service with every method's default.
struct FixtureLitestarImportedDefaults: FixtureLitestarImportedService {}

/// Fixtures/main-actor's service with every method's default.
struct FixtureMainActorDefaults: FixtureMainActorService {}

/// Fixtures/naming's service with every method's default.
struct FixtureNamingDefaults: FixtureNamingService {}

/// Fixtures/paging's service with every method's default.
struct FixturePagingDefaults: FixturePagingService {}

/// Fixtures/raccoon's service with every method's default.
struct FixtureRaccoonDefaults: FixtureRaccoonService {}

/// Fixtures/random-2035's service with every method's default.
struct FixtureRandom2035Defaults: FixtureRandom2035Service {}

/// Fixtures/random-2042's service with every method's default.
struct FixtureRandom2042Defaults: FixtureRandom2042Service {}

/// Fixtures/random-finds's service with every method's default.
struct FixtureRandomFindsDefaults: FixtureRandomFindsService {}

/// Fixtures/readme's service with every method's default.
struct FixtureReadmeDefaults: FixtureReadmeService {}

/// Fixtures/shadowing's service with every method's default.
struct FixtureShadowingDefaults: FixtureShadowingService {}

/// Fixtures/store's service with every method's default.
struct FixtureStoreDefaults: FixtureStoreService {}

/// Fixtures/unions's service with every method's default.
struct FixtureUnionsDefaults: FixtureUnionsService {}
#endif
