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

    @Test func filesPerSpecIsAWholeNumberInRangeWithItsLocation() throws {
        let configuration = try GeneratorConfiguration.load(Data("templates: T\nfiles_per_spec: 48   # measured\n".utf8), file: "c.yaml")
        #expect(configuration.filesPerSpec?.value == 48)
        #expect(configuration.filesPerSpec?.location.description == "c.yaml:2:17")
        for bad in ["0", "1001", "many", "2.5"] {
            #expect {
                try GeneratorConfiguration.load(Data("files_per_spec: \(bad)\n".utf8), file: "c.yaml")
            } throws: { error in
                (error as? DiagnosticsError)?.description == "c.yaml:1:17: error: `files_per_spec` must be a whole number from 1 to 1000, not `\(bad)`"
            }
        }
    }

    /// The build plugin declared its files when SwiftPM planned; a count set since then is reported, at the
    /// setting, and the planned count is what crudegen writes.
    @Test func aCountTheBuildWasNotPlannedWithIsAWarning() throws {
        let configuration = try GeneratorConfiguration.load(Data("files_per_spec: 8\n".utf8), file: "c.yaml")
        #expect(configuration.layoutWarning(plannedFiles: 8) == nil)
        #expect(GeneratorConfiguration().layoutWarning(plannedFiles: 8) == nil, "no setting: whatever the plugin planned is right")
        let warning = try #require(configuration.layoutWarning(plannedFiles: 32))
        #expect(warning.severity == .warning)
        #expect(warning.description.hasPrefix("c.yaml:1:17: warning: `files_per_spec: 8` is not in effect yet: this build was planned with 32 files per spec"))
    }
}
