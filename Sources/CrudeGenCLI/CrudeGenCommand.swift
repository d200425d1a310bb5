import ArgumentParser
import CrudeGenCore

/// The `crudegen` command line: `generate` runs when no other command is named, so
/// `crudegen spec.yaml -o Sources/Models` is the whole everyday use.
@main
struct CrudeGenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crudegen",
        abstract: "Generate Swift models and CRUD operations from YAML resource specs.",
        discussion: """
            A spec describes one REST API: its base URL, envelope and headers, and its resources with their \
            fields, transforms, routes and operations (see docs/spec.md). Without a command name, crudegen \
            runs `generate`; `crudegen help generate` describes its options.

            Examples:
              crudegen Household.yaml -o Sources/Models
              crudegen specs/*.yaml -o Sources/Models --check
            """,
        version: CrudeGenVersion.current,
        subcommands: [GenerateCommand.self, ImportCommand.self, ExportCommand.self, ServeCommand.self, SchemaCommand.self, TemplatesCommand.self],
        defaultSubcommand: GenerateCommand.self
    )
}
