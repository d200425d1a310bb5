// serve-load: the load generator of Benchmarks/serve_bench.py. N clients, each on a keep-alive HTTP/1.1
// connection of its own, send one request after another to a server on loopback for a fixed time, and the
// requests per second and latency percentiles of the answers are printed as one JSON object.
//
//   serve-load --port 8080 --clients 16 --seconds 3 [--warmup 0.5] [--host 127.0.0.1] [--threads 1]
//              [--method GET] --target '/heroes/{id}' [--ids 1-100] [--body '{"name": "h{n}"}'] [--quickack on]
//
// `{id}` in the target cycles through --ids (each client starts at a different id); `{n}` in the target or
// body is a number no other request of the run gets (a create's unique name).
//
// It is SwiftNIO without AsyncHTTPClient or URLSession: one event loop thread (--threads) runs every client,
// so the generator takes at most one of the machine's two cores, and a request costs it a few microseconds
// (its CPU time is printed, so the harness can show that it is not the bottleneck). Requests are written
// whole and flushed once; responses are parsed by NIOHTTP1 (llhttp), which handles chunked bodies too.

import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What one run asks for, read from the command line.
struct LoadPlan: Sendable {
    /// The server's address.
    var host = "127.0.0.1"
    /// The server's port.
    var port = 0
    /// Concurrent clients, each with a connection of its own.
    var clients = 1
    /// Event loop threads the clients share.
    var threads = 1
    /// Seconds of requests that are measured.
    var seconds = 3.0
    /// Seconds of requests before the measured ones, whose answers are not counted (connections opened,
    /// caches and JITs warm).
    var warmup = 0.5
    /// The request's method.
    var method = HTTPMethod.GET
    /// The request target (path and query), with `{id}` and `{n}` placeholders.
    var target = "/"
    /// The body, with an `{n}` placeholder; sent as `application/json` when given.
    var body: String?
    /// The ids `{id}` cycles through.
    var ids: ClosedRange<Int> = 1...1
    /// Whether the client acknowledges every segment at once (Linux's `TCP_QUICKACK`; see `LoadHandler.send`).
    var quickAck = true

    /// The plan the arguments give; exits with a usage message when they are wrong.
    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            guard let value = iterator.next() else { Self.usage("\(argument) needs a value") }
            switch argument {
            case "--host": host = value
            case "--port": port = Self.number(value, of: argument)
            case "--clients": clients = Self.number(value, of: argument)
            case "--threads": threads = Self.number(value, of: argument)
            case "--seconds": seconds = Self.number(value, of: argument)
            case "--warmup": warmup = Self.number(value, of: argument)
            case "--method": method = HTTPMethod(rawValue: value.uppercased())
            case "--target": target = value
            case "--body": body = value
            case "--quickack": quickAck = value != "off"
            case "--ids":
                let bounds = value.split(separator: "-").compactMap { Int($0) }
                guard bounds.count == 2, bounds[0] <= bounds[1] else { Self.usage("--ids \(value): expected LOW-HIGH") }
                ids = bounds[0]...bounds[1]
            default: Self.usage("unknown option \(argument)")
            }
        }
        guard port > 0, clients > 0, threads > 0, seconds > 0 else { Self.usage("--port, --clients, --threads and --seconds must be positive") }
    }

    /// `value` read as the number `option` takes; exits with the usage when it is none.
    static func number<Number: LosslessStringConvertible>(_ value: String, of option: String) -> Number {
        guard let number = Number(value) else { usage("\(option) \(value): expected a number") }
        return number
    }

    /// Prints `problem` and the usage to standard error and exits with `EX_USAGE`.
    static func usage(_ problem: String) -> Never {
        FileHandle.standardError.write(
            Data(
                """
                serve-load: \(problem)
                usage: serve-load --port N --target PATH [--clients 1] [--seconds 3] [--warmup 0.5] [--threads 1]
                                  [--host 127.0.0.1] [--method GET] [--ids LOW-HIGH] [--body JSON] [--quickack on|off]

                """.utf8))
        exit(64)
    }
}

/// What one client measured.
struct ClientTally: Sendable {
    /// The latency of every answer received inside the measured window, in nanoseconds.
    var latencies: [UInt64] = []
    /// Answers inside the window by status code.
    var statuses: [Int: Int] = [:]
    /// Response body bytes received inside the window.
    var bodyBytes = 0
    /// Connections opened again because the server closed one (`Connection: close`, or an error).
    var reconnects = 0
    /// The first error that ended a connection, if any, for the report.
    var error: String?
}

/// One client: a connection on which it sends a request, waits for the whole answer, then sends the next,
/// until the window closes. Lives on its event loop; the channel handler calls back into it.
final class LoadClient {
    /// The loop this client and its connection run on.
    let eventLoop: any EventLoop
    /// The run's plan.
    let plan: LoadPlan
    /// This client's number, which spreads clients over the ids and keeps each `{n}` unique.
    let index: Int
    /// When answers start counting (monotonic nanoseconds).
    let measureFrom: UInt64
    /// When the client stops sending.
    let stopAt: UInt64
    /// Completed with the tally when the client stops.
    let done: EventLoopPromise<ClientTally>
    /// What has been measured so far.
    var tally = ClientTally()
    /// Requests this client sent, which picks the next id and `{n}`.
    var sent = 0
    /// When the request in flight was written.
    var sentAt: UInt64 = 0
    /// Whether the tally has been handed over; a connection's error and its closing both end the client.
    var finished = false

    /// A client of `plan` numbered `index`, measuring from `measureFrom` until `stopAt`.
    init(eventLoop: any EventLoop, plan: LoadPlan, index: Int, measureFrom: UInt64, stopAt: UInt64) {
        self.eventLoop = eventLoop
        self.plan = plan
        self.index = index
        self.measureFrom = measureFrom
        self.stopAt = stopAt
        done = eventLoop.makePromise()
    }

    /// Opens a connection whose handler starts sending once it is up.
    func connect() {
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        ClientBootstrap(group: eventLoop)
            // One request is one small write: Nagle's algorithm would hold it for the previous segment's ACK.
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(LoadHandler(client: bound.value))
                }
            }
            .connect(host: plan.host, port: plan.port)
            .whenFailure { error in bound.value.finish(error: "connect: \(error)") }
    }

    /// The next request's head and body.
    func nextRequest() -> (HTTPRequestHead, ByteBuffer?) {
        let count = plan.ids.count
        // Clients start spread over the ids, so concurrent reads do not all ask for the same value.
        let id = plan.ids.lowerBound + (index * max(1, count / plan.clients) + sent) % count
        let n = String(sent * plan.clients + index)
        sent += 1
        let target = plan.target.replacingOccurrences(of: "{id}", with: String(id)).replacingOccurrences(of: "{n}", with: n)
        var head = HTTPRequestHead(version: .http1_1, method: plan.method, uri: target)
        head.headers.add(name: "Host", value: "\(plan.host):\(plan.port)")
        head.headers.add(name: "Accept", value: "application/json")
        guard let text = plan.body?.replacingOccurrences(of: "{n}", with: n) else { return (head, nil) }
        let body = ByteBuffer(string: text)
        head.headers.add(name: "Content-Type", value: "application/json")
        head.headers.add(name: "Content-Length", value: String(body.readableBytes))
        return (head, body)
    }

    /// Records an answer of `status` with `bytes` of body, received now.
    func answered(status: Int, bytes: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now >= measureFrom, now <= stopAt else { return }
        tally.latencies.append(now - sentAt)
        tally.statuses[status, default: 0] += 1
        tally.bodyBytes += bytes
    }

    /// Whether the window has closed.
    var isOver: Bool { DispatchTime.now().uptimeNanoseconds >= stopAt }

    /// Stops the client with its tally (once), noting `error` if one ended it.
    func finish(error: String? = nil) {
        guard !finished else { return }
        finished = true
        if let error { tally.error = error }
        done.succeed(tally)
    }
}

/// The channel handler of one client's connection: writes a request, reads its answer, repeats.
final class LoadHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    /// The client this connection serves.
    let client: LoadClient
    /// The status of the answer being read.
    private var status = 0
    /// Body bytes of the answer being read.
    private var bytes = 0
    /// Whether the server keeps the connection open after this answer.
    private var keepAlive = true
    /// Whether this connection's part is over, so its closing is expected.
    private var closing = false

    /// A handler sending `client`'s requests.
    init(client: LoadClient) {
        self.client = client
    }

    func channelActive(context: ChannelHandlerContext) {
        send(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head):
            status = Int(head.status.code)
            keepAlive = head.isKeepAlive
            bytes = 0
        case let .body(buffer):
            bytes += buffer.readableBytes
        case .end:
            client.answered(status: status, bytes: bytes)
            if client.isOver {
                closing = true
                context.close(promise: nil)
                client.finish()
            } else if keepAlive {
                send(context: context)
            } else {
                // The server ends the connection after this answer: a new one carries on.
                closing = true
                context.close(promise: nil)
                client.tally.reconnects += 1
                client.connect()
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        guard !closing else { return }
        // Closed by the server between answers (an idle timeout, a worker restarting): reconnect while there
        // is time left, as a real client's pool would.
        closing = true
        if client.isOver {
            client.finish()
        } else {
            client.tally.reconnects += 1
            client.connect()
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        closing = true
        context.close(promise: nil)
        client.finish(error: "\(error)")
    }

    /// Writes the client's next request and flushes it once.
    private func send(context: ChannelHandlerContext) {
        let (head, body) = client.nextRequest()
        client.sentAt = DispatchTime.now().uptimeNanoseconds
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if let body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        #if os(Linux)
        if client.plan.quickAck {
            // A server that writes a response's head and body separately without TCP_NODELAY (Django's
            // development server; uvicorn on a socket made with protocol 0, as Tests/PythonServers/loopback.py
            // makes it) holds the body until the head is acknowledged, and Linux delays that acknowledgement by
            // up to 40 ms: every answer would take 40 ms and the benchmark would measure that timer. Quick-ack
            // mode acknowledges at once; the kernel leaves it on its own, so it is set again for every request.
            let quickAck = ChannelOptions.Types.SocketOption(level: .tcp, name: NIOBSDSocket.Option(rawValue: CInt(TCP_QUICKACK)))
            try? context.channel.syncOptions?.setOption(quickAck, value: 1)
        }
        #endif
    }
}

/// The CPU time (user + system) this process has used, in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// The value at quantile `q` (0…1) of sorted `values`, nearest rank; 0 for none.
func percentile(_ values: [UInt64], _ q: Double) -> UInt64 {
    guard !values.isEmpty else { return 0 }
    let rank = Int((q * Double(values.count)).rounded(.up))
    return values[min(max(rank, 1), values.count) - 1]
}

/// Runs the plan's clients and prints what they measured.
@main
struct ServeLoad {
    /// Parses the command line, runs the clients to the end of the window and prints one JSON object.
    static func main() async throws {
        let plan = LoadPlan(arguments: CommandLine.arguments)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: plan.threads)
        let start = DispatchTime.now().uptimeNanoseconds
        let measureFrom = start + UInt64(plan.warmup * 1e9)
        let stopAt = measureFrom + UInt64(plan.seconds * 1e9)
        let cpuBefore = processCPUSeconds()
        var futures: [EventLoopFuture<ClientTally>] = []
        for index in 0..<plan.clients {
            let eventLoop = group.next()
            // Each client is made and started on its own loop, where it lives.
            let future = eventLoop.flatSubmit {
                let client = LoadClient(eventLoop: eventLoop, plan: plan, index: index, measureFrom: measureFrom, stopAt: stopAt)
                client.connect()
                return client.done.futureResult
            }
            futures.append(future)
        }
        var tallies: [ClientTally] = []
        for future in futures { tallies.append(try await future.get()) }
        let cpu = processCPUSeconds() - cpuBefore
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        try await group.shutdownGracefully()

        let latencies = tallies.flatMap(\.latencies).sorted()
        var statuses: [String: Int] = [:]
        for tally in tallies {
            for (status, count) in tally.statuses { statuses[String(status), default: 0] += count }
        }
        let ok = tallies.reduce(0) { $0 + $1.statuses.filter { (200..<300).contains($0.key) }.values.reduce(0, +) }
        let milliseconds = { (nanoseconds: UInt64) in Double(nanoseconds) / 1e6 }
        let report: [String: Any] = [
            "clients": plan.clients,
            "seconds": plan.seconds,
            "requests": latencies.count,
            "ok": ok,
            "rps": Double(latencies.count) / plan.seconds,
            "p50_ms": milliseconds(percentile(latencies, 0.50)),
            "p90_ms": milliseconds(percentile(latencies, 0.90)),
            "p99_ms": milliseconds(percentile(latencies, 0.99)),
            "max_ms": milliseconds(latencies.last ?? 0),
            "mean_body_bytes": latencies.isEmpty ? 0 : tallies.reduce(0) { $0 + $1.bodyBytes } / latencies.count,
            "statuses": statuses,
            "reconnects": tallies.reduce(0) { $0 + $1.reconnects },
            "errors": tallies.compactMap(\.error),
            // The generator's own CPU over the whole run (warm-up included), to show it is not the bottleneck.
            "client_cpu_seconds": cpu,
            "wall_seconds": wall,
        ]
        let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        FileHandle.standardOutput.write(json + Data("\n".utf8))
    }
}
