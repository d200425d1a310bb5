import Foundation

/// The Django REST Framework server of `Tests/DRFServer/server.py` (pinned Django and DRF from PyPI,
/// installed by `Scripts/python-env.sh`), started once per test run on 127.0.0.1 and stopped when the
/// test process ends: the server exits when its standard input, held by this process, closes.
actor DRFServer {
    static let shared = DRFServer()

    /// The server's origin and the pipe to its standard input, which this actor keeps open for the run.
    private var started: Task<(origin: URL, lifeline: Pipe), any Error>?

    /// `http://127.0.0.1:PORT`, starting the server on first use.
    func origin() async throws -> URL {
        if let started { return try await started.value.origin }
        let task = Task { try await Self.start() }
        started = task
        return try await task.value.origin
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func start() async throws -> (origin: URL, lifeline: Pipe) {
        try await withCheckedThrowingContinuation { continuation in
            // Off Swift's cooperative threads: installing the environment and waiting for the server block.
            DispatchQueue.global().async {
                continuation.resume(with: Result { try launch() })
            }
        }
    }

    private static func launch() throws -> (origin: URL, lifeline: Pipe) {
        let python = try run(packageRoot.appendingPathComponent("Scripts/python-env.sh").path, [])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [packageRoot.appendingPathComponent("Tests/DRFServer/server.py").path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw DRFServerError("the DRF server exited before listening") }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let port = text.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            throw DRFServerError("the DRF server said `\(text)` instead of `LISTENING <port>`")
        }
        return (URL(string: "http://127.0.0.1:\(port)")!, input)
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw DRFServerError("`\(executable)` failed with status \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Why the DRF server could not be started.
struct DRFServerError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
