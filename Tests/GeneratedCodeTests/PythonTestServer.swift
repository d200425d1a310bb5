import Foundation
import ProcessRunner

/// A Python test server of this package (pinned packages from PyPI, installed by `Scripts/python-env.sh`),
/// started once per test run on 127.0.0.1 and stopped when the test process ends. Its script prints
/// `LISTENING <port>` once it accepts connections and exits when its standard input, held by this
/// process, closes.
actor PythonTestServer {
    /// The Django REST Framework server of `Tests/DRFServer/server.py`.
    static let drf = PythonTestServer(name: "DRF", script: "Tests/DRFServer/server.py")
    /// The FastAPI + SQLModel server of `Tests/FastAPIServer/app.py`.
    static let fastAPI = PythonTestServer(name: "FastAPI", script: "Tests/FastAPIServer/app.py")
    /// The FastAPI server of `Tests/FastAPIServer/vendor_styles.py`, in published vendors' envelope and paging styles.
    static let vendorStyles = PythonTestServer(name: "Vendor styles", script: "Tests/FastAPIServer/vendor_styles.py")
    /// The Litestar server of `Tests/LitestarServer/app.py`.
    static let litestar = PythonTestServer(name: "Litestar", script: "Tests/LitestarServer/app.py")
    /// The djangorestframework-jsonapi server of `Tests/JSONAPIServer/server.py`.
    static let jsonAPI = PythonTestServer(name: "JSON:API", script: "Tests/JSONAPIServer/server.py")

    /// The package's root folder, which the scripts' paths are relative to.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The server's name in errors: "DRF", "FastAPI", "Vendor styles", "Litestar" or "JSON:API".
    let name: String
    /// The server's Python script, relative to the package's root.
    let script: String

    /// The server's origin and the pipe to its standard input, which this actor keeps open for the run.
    private var started: Task<(origin: URL, lifeline: Pipe), any Error>?

    /// A server run by `script`, not started yet.
    private init(name: String, script: String) {
        self.name = name
        self.script = script
    }

    /// `http://127.0.0.1:PORT`, starting the server on first use.
    func origin() async throws -> URL {
        if let started { return try await started.value.origin }
        let task = Task { [name, script] in try await Self.start(name: name, script: script) }
        started = task
        return try await task.value.origin
    }

    /// Starts the server off Swift's cooperative threads: installing the environment and waiting for the
    /// server block.
    private static func start(name: String, script: String) async throws -> (origin: URL, lifeline: Pipe) {
        try await Subprocess.offCooperativePool { try launch(name: name, script: script) }
    }

    /// Runs `script` with the environment's Python and reads its `LISTENING <port>` line.
    private static func launch(name: String, script: String) throws -> (origin: URL, lifeline: Pipe) {
        let python = try run(packageRoot.appendingPathComponent("Scripts/python-env.sh").path, [])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [packageRoot.appendingPathComponent(script).path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try Subprocess.launch(process)
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw PythonTestServerError("the \(name) server exited before listening") }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let port = text.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            throw PythonTestServerError("the \(name) server said `\(text)` instead of `LISTENING <port>`")
        }
        return (URL(string: "http://127.0.0.1:\(port)")!, input)
    }

    /// Runs `executable` to its end and returns its standard output, throwing if it fails.
    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let finished = try Subprocess.runBlocking(URL(fileURLWithPath: executable), arguments)
        guard finished.succeeded else { throw PythonTestServerError("`\(executable)` failed with status \(finished.status)") }
        return finished.output
    }
}

/// Why a Python test server could not be started.
struct PythonTestServerError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    /// An error saying `description`.
    init(_ description: String) { self.description = description }
}
