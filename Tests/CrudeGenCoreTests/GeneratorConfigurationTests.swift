import Foundation
import Testing
@testable import CrudeGenCore

@Suite struct GeneratorConfigurationTests {
    @Test func templatesResolveAgainstTheConfigurationsFolder() throws {
        let configuration = try GeneratorConfiguration.load(Data("templates: Templates\n".utf8), file: "/pkg/Sources/Models/crudegen-config.yaml")
        #expect(configuration.templates == "/pkg/Sources/Models/Templates")
        let parent = try GeneratorConfiguration.load(Data("templates: ../Shared/Templates\n".utf8), file: "/pkg/Sources/Models/crudegen-config.yaml")
        #expect(parent.templates == "/pkg/Sources/Shared/Templates")
        let absolute = try GeneratorConfiguration.load(Data("templates: /opt/templates\n".utf8), file: "/pkg/crudegen-config.yaml")
        #expect(absolute.templates == "/opt/templates")
    }

    @Test func anEmptyOrCommentOnlyFileMeansTheDefaults() throws {
        #expect(try GeneratorConfiguration.load(Data(), file: "c.yaml") == GeneratorConfiguration())
        #expect(try GeneratorConfiguration.load(Data("# nothing yet\n---\n".utf8), file: "c.yaml") == GeneratorConfiguration())
    }

    @Test func problemsAreLocated() {
        #expect {
            try GeneratorConfiguration.load(Data("templates: Templates\ntemplate: x\n".utf8), file: "c.yaml")
        } throws: { error in
            (error as? DiagnosticsError)?.description == "c.yaml:2:1: error: unknown key `template` in the configuration\n    hint: did you mean `templates`?"
        }
        #expect(throws: DiagnosticsError.self) {
            try GeneratorConfiguration.load(Data("templates: [a, b]\n".utf8), file: "c.yaml")
        }
        #expect(throws: DiagnosticsError.self) {
            try GeneratorConfiguration.load(Data("- templates\n".utf8), file: "c.yaml")
        }
    }
}
