import ArgumentParser
import CrudeGenCore
import Foundation

/// `crudegen templates list|cat`: the bundled templates, as a starting point for your own.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the bundled Mustache templates or print one, to start your own from.",
        discussion: """
            Copy a template into a folder, change it, and pass the folder with --templates (or name it in a \
            target's crudegen-config.yaml); templates you do not copy stay the bundled ones. docs/templates.md \
            lists every variable each template can use. A template must carry the marker \
            {{! crudegen-templates: N }} of the context version it was written for, so that it fails with a \
            clear message when a later crudegen changes the variables.

            Examples:
              crudegen templates list
              crudegen templates cat model > Templates/model.mustache
            """,
        subcommands: [List.self, Cat.self]
    )

    /// `crudegen templates list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the bundled templates and what each renders.")

        /// Prints the context version, then each template's name and summary.
        func run() {
            let width = TemplateSet.requiredNames.map(\.count).max() ?? 0
            print("Template context version \(TemplateSet.contextVersion) (docs/templates.md):")
            for name in TemplateSet.requiredNames {
                let padding = String(repeating: " ", count: width - name.count)
                print("  \(name)\(padding)  \(TemplateSet.summaries[name] ?? "")")
            }
        }
    }

    /// `crudegen templates cat NAME`.
    struct Cat: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a bundled template's source.")

        @Argument(help: ArgumentHelp("The template's name, as `crudegen templates list` prints it (a .mustache suffix is allowed).", valueName: "name"))
        /// The template to print.
        var name: String

        /// Prints the template, or fails with a hint naming the closest templates.
        func run() throws {
            let name = name.hasSuffix(".mustache") ? String(name.dropLast(".mustache".count)) : name
            guard let source = TemplateSet.bundledSource(named: name) else {
                let hint = Suggestions.didYouMean(name, in: TemplateSet.requiredNames) ?? "templates are " + TemplateSet.requiredNames.joined(separator: ", ")
                FileHandle.standardError.write(Data("error: crudegen has no template named `\(name)`\n    hint: \(hint)\n".utf8))
                throw ExitCode.failure
            }
            print(source, terminator: source.hasSuffix("\n") ? "" : "\n")
        }
    }
}
