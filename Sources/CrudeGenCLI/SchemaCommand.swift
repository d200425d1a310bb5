import ArgumentParser
import CrudeGenCore

/// `crudegen schema`: prints the spec language's JSON Schema, for editors to complete and check specs with.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the spec language (draft-07), for editors.",
        discussion: """
            Save it next to your specs and point the YAML language server (VS Code's YAML extension, \
            JetBrains IDEs, other editors using it) at it with a first line in each spec:

              crudegen schema > crudegen.schema.json
              # yaml-language-server: $schema=crudegen.schema.json

            The same schema is in the repository as Schemas/crudegen-spec.schema.json.
            """
    )

    /// Prints the compiled-in schema, identical to the repository's file.
    func run() {
        print(SpecSchema.json)
    }
}
