import CrudeRuntime
import Foundation
import HTTPTypes
import Logging

/// Logs every request and response through swift-log; add it to a client to switch logging on.
///
/// It lives in the optional `CrudeLogging` product, so that apps that do not log compile none of swift-log.
///
/// Values of headers that carry credentials (`Authorization`, `Proxy-Authorization`, `Cookie`,
/// `Set-Cookie`, and any header whose name mentions a key, token, secret or password) are never logged.
public struct RequestLogger: ClientMiddleware {
    let logger: Logger
    let level: Logger.Level
    let logsBodies: Bool

    /// Creates a logger middleware; bodies are logged (up to 1 KB) only when `logsBodies` is set.
    public init(logger: Logger = Logger(label: "crudegen.client"), level: Logger.Level = .info, logsBodies: Bool = false) {
        self.logger = logger
        self.level = level
        self.logsBodies = logsBodies
    }

    public func intercept(_ request: ClientRequest, next: @Sendable (ClientRequest) async throws -> ClientResponse) async throws -> ClientResponse {
        let head = request.head
        let target = "\(head.method.rawValue) \(head.scheme ?? "")://\(head.authority ?? "")\(head.path ?? "")"
        var requestMetadata: Logger.Metadata = ["operation": "\(request.resource).\(request.operation)", "headers": "\(Self.redacted(head.headerFields))"]
        if logsBodies, let body = request.body { requestMetadata["body"] = "\(APIError.preview(body))" }
        logger.log(level: level, "→ \(target)", metadata: requestMetadata)
        let start = ContinuousClock.now
        do {
            let response = try await next(request)
            var metadata: Logger.Metadata = ["duration": "\(ContinuousClock.now - start)", "headers": "\(Self.redacted(response.head.headerFields))"]
            if logsBodies { metadata["body"] = "\(APIError.preview(response.body))" }
            logger.log(level: level, "← \(response.head.status.code) \(target)", metadata: metadata)
            return response
        } catch {
            logger.log(level: level, "✕ \(target): \(error)", metadata: ["duration": "\(ContinuousClock.now - start)"])
            throw error
        }
    }

    /// Header fields as `name: value` lines with credential values replaced by `<redacted>`.
    static func redacted(_ fields: HTTPFields) -> String {
        fields.map { field in
            "\(field.name.canonicalName): \(isSensitive(field.name) ? "<redacted>" : field.value)"
        }.joined(separator: ", ")
    }

    static func isSensitive(_ name: HTTPField.Name) -> Bool {
        if [.authorization, .proxyAuthorization, .cookie, .setCookie].contains(name) { return true }
        let lowered = name.canonicalName
        return ["key", "token", "secret", "password", "auth"].contains { lowered.contains($0) }
    }
}
