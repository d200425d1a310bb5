import CrudeYAML
import Foundation
import RandomSpecs
import Testing
import Yams

/// crudegen reads YAML with its own port of LibYAML (`Sources/CrudeYAML`), so that the build plugin's tool compiles
/// no YAML library. Every test here holds it to LibYAML itself, which Yams embeds: the same nodes, tags, styles,
/// lines and columns for a text LibYAML reads, and the same error at the same place for one it rejects.
@Suite struct YAMLComposerTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The YAML files of this repository: specs, fixtures, examples, templates' configurations, documents.
    static func repositoryYAMLFiles() throws -> [URL] {
        let folders = ["Fixtures", "Examples", "docs", "Schemas", "Tests", "Templates", "Benchmarks/Specs"]
        var files: [URL] = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where ["yaml", "yml"].contains(url.pathExtension) && !url.path.contains("/.build") {
                files.append(url)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test func theRepositorysYAMLFilesReadAsLibYAMLReadsThem() throws {
        let files = try Self.repositoryYAMLFiles()
        #expect(files.count > 50)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(LibYAMLParity.ours(text) == LibYAMLParity.libYAML(text), "\(file.path)")
        }
    }

    static let corpus = packageRoot.appendingPathComponent("../shared/openapi-corpus").standardizedFileURL

    /// Published API documents, some of several megabytes (the shared corpus beside the package; skipped without it).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: corpus.path), "needs ../shared/openapi-corpus"))
    func publishedDocumentsReadAsLibYAMLReadsThem() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
            .filter { ["yaml", "json"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
        #expect(files.count >= 20)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(LibYAMLParity.ours(text) == LibYAMLParity.libYAML(text), "\(file.lastPathComponent)")
        }
    }

    /// Documents LibYAML's own emitter writes from random trees, in every scalar and collection style, with
    /// text that needs quoting, escapes, line breaks and characters beyond ASCII.
    @Test func generatedDocumentsReadAsLibYAMLReadsThem() throws {
        var random = SeededGenerator(seed: 0x59A1_2026)
        for index in 0..<1500 {
            let node = GeneratedYAML.node(depth: 0, using: &random)
            let text = try Yams.serialize(
                node: node, canonical: random.next() % 8 == 0, indent: Int(random.next() % 4) + 2, width: [-1, 20, 80].randomElement(using: &random)!,
                allowUnicode: random.next() % 2 == 0, explicitStart: random.next() % 3 == 0, explicitEnd: random.next() % 5 == 0)
            #expect(LibYAMLParity.ours(text) == LibYAMLParity.libYAML(text), "case \(index):\n\(text)")
        }
    }

    /// The same documents and the repository's specs with characters deleted, inserted, repeated or cut off:
    /// most are no longer valid, and each must be rejected where and as LibYAML rejects it, or read alike.
    @Test func damagedDocumentsFailAsLibYAMLFails() throws {
        var random = SeededGenerator(seed: 0xBAD_9A11)
        var texts = try Self.repositoryYAMLFiles().prefix(40).map { try String(contentsOf: $0, encoding: .utf8) }
        for _ in 0..<40 {
            texts.append(try Yams.serialize(node: GeneratedYAML.node(depth: 0, using: &random), allowUnicode: true))
        }
        var rejected = 0
        for index in 0..<3000 {
            let text = GeneratedYAML.damaged(texts[index % texts.count], using: &random)
            let ours = LibYAMLParity.ours(text)
            if ours.hasPrefix("scanner") || ours.hasPrefix("parser") { rejected += 1 }
            #expect(ours == LibYAMLParity.libYAML(text), "case \(index):\n\(text)")
        }
        #expect(rejected > 300)
    }

    @Test func marksCountLinesAndUnicodeScalarsFromOne() throws {
        let node = try #require(try YAMLComposer.compose("# note\n名前: \"é\"\nlist:\n  - [a, {b: c}]\n"))
        let mapping = try #require(node.mapping)
        #expect(mapping.pairs.map { "\($0.key.mark.line):\($0.key.mark.column)" } == ["2:1", "3:1"])
        #expect(mapping["名前"]?.mark == YAMLNode.Mark(line: 2, column: 5))
        #expect(mapping["名前"]?.scalar?.tag == YAMLComposer.stringTag)
        let flow = try #require(mapping["list"]?.sequence?.first?.sequence)
        #expect(flow.style == .flow && flow.mark == YAMLNode.Mark(line: 4, column: 5))
    }

    @Test func aliasesAreTheNodesTheirAnchorsName() throws {
        let node = try #require(try YAMLComposer.compose("base: &b {x: 1}\ncopy: *b\n"))
        #expect(node.mapping?["copy"]?.mapping?["x"]?.string == "1")
        #expect(throws: YAMLError.self) { try YAMLComposer.compose("a: *nowhere\n") }
    }

    /// Aliases of aliases, nine to a level: `levels` levels expand the text's few nodes to 9^`levels` strings.
    static func laughs(levels: Int) -> String {
        (1...levels).reduce("l0: &l0 lol\n") { text, level in
            text + "l\(level): &l\(level) [\(Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", "))]\n"
        }
    }

    @Test func aliasesExpandingTheDocumentPastTheLimitAreAnErrorAtTheAlias() throws {
        // 9^6 = 531,441 strings: within the million any document may expand to.
        let moderate = try #require(try YAMLComposer.compose(Self.laughs(levels: 6)))
        #expect(moderate.mapping?["l6"]?.sequence?.items.count == 9)
        // 9^9 = 387,420,489: rejected when the alias that passes the million is read (line 8, the 7th level).
        do throws(YAMLError) {
            _ = try YAMLComposer.compose(Self.laughs(levels: 9))
            Issue.record("composed a document whose aliases expand to 387,420,489 strings")
        } catch {
            #expect(error.expansionLimit == 1_000_000)
            #expect(error.problemMark.line + 1 == 8, "\(error)")
        }
    }

    @Test func anEmptyTextHasNoDocumentAndASecondDocumentIsAnError() throws {
        #expect(try YAMLComposer.compose("# only a comment\n") == nil)
        #expect(LibYAMLParity.ours("a: 1\n---\nb: 2\n") == "composer: expected a single document in the stream at 1:1; but found another document at 2:1")
    }

    @Test func aByteOrderMarkStartsNoColumn() throws {
        let node = try #require(try YAMLComposer.compose("\u{FEFF}a: [b]\n"))
        #expect(node.mark == YAMLNode.Mark(line: 1, column: 1))
        #expect(node.mapping?["a"]?.mark == YAMLNode.Mark(line: 1, column: 4))
    }

    @Test func aCharacterYAMLDisallowsIsRejectedAtItsByte() {
        do throws(YAMLError) {
            _ = try YAMLComposer.compose("a: é\u{9F}\n")
            Issue.record("read a C1 control character")
        } catch {
            #expect(error.stage == .reader && error.problem == "control characters are not allowed" && error.problemMark.index == 5)
        }
    }

    @Test func aRepeatedKeyIsNamedWhereItIsFirstWritten() {
        #expect(LibYAMLParity.ours("b: 1\na: 2\nb: 3\na: 4\n") == "duplicate [\"a\", \"b\"] at 2:1")
    }
}

/// Random YAML trees for LibYAML's emitter to write.
enum GeneratedYAML {
    static let characters: [Character] = Array("abcxyz019 _-.:#?!&*|>%@`'\",[]{}\\\t\n") + ["é", "中", "😀", "\u{85}", "\u{2028}", "\u{FEFF}"]
    /// What generated text holds and damage inserts: the characters above but a byte order mark, which Yams hands LibYAML as a character
    /// (it names the encoding, so LibYAML skips no mark) where this reader skips it at the start, as LibYAML
    /// does when it detects the encoding itself (`aByteOrderMarkStartsNoColumn`).
    static let insertions = characters.filter { $0 != "\u{FEFF}" }

    static func text(using random: inout SeededGenerator) -> String {
        let length = Int(random.next() % 12)
        return String((0..<length).map { _ in insertions.randomElement(using: &random)! })
    }

    static func node(depth: Int, using random: inout SeededGenerator) -> Yams.Node {
        let choice = depth > 3 ? 0 : random.next() % 5
        switch choice {
        case 0, 1:
            let styles: [Yams.Node.Scalar.Style] = [.any, .plain, .singleQuoted, .doubleQuoted, .literal, .folded]
            return .scalar(Yams.Node.Scalar(text(using: &random), .implicit, styles.randomElement(using: &random)!))
        case 2, 3:
            let count = Int(random.next() % 4)
            let pairs = (0..<count).map { index in
                (Yams.Node.scalar(Yams.Node.Scalar("k\(index)" + text(using: &random).filter(\.isLetter))), node(depth: depth + 1, using: &random))
            }
            return .mapping(Yams.Node.Mapping(pairs, .implicit, random.next() % 3 == 0 ? .flow : .block))
        default:
            let count = Int(random.next() % 4)
            let items = (0..<count).map { _ in node(depth: depth + 1, using: &random) }
            return .sequence(Yams.Node.Sequence(items, .implicit, random.next() % 3 == 0 ? .flow : .block))
        }
    }

    /// `text` with a few characters deleted, inserted or repeated, a line repeated, or its end cut off.
    static func damaged(_ text: String, using random: inout SeededGenerator) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<Int(random.next() % 3) + 1 {
            guard !scalars.isEmpty else { break }
            let at = Int(random.next() % UInt64(scalars.count))
            switch random.next() % 5 {
            case 0: scalars.remove(at: at)
            case 1: scalars.insert(insertions.randomElement(using: &random)!.unicodeScalars.first!, at: at)
            case 2: scalars.insert(scalars[at], at: at)
            case 3: scalars = Array(scalars[..<at])
            default:
                let lines = String(String.UnicodeScalarView(scalars)).split(separator: "\n", omittingEmptySubsequences: false)
                let line = Int(random.next() % UInt64(lines.count))
                scalars = Array((lines[...line] + [lines[line]] + lines[(line + 1)...]).joined(separator: "\n").unicodeScalars)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }
}
