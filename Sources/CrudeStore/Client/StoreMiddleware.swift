import CrudeRuntime
import Foundation
import HTTPTypes
import Logging

/// Whether a call may be answered from the store.
public enum OfflinePolicy: Sendable, Hashable {
    /// Calls always go to the network; the store only keeps their responses.
    case networkOnly
    /// When the network fails (no connection, timeout), a read or list is answered from the rows kept,
    /// marked with the `Crude-Source: store` header (``CrudeRuntime/OperationResponse/isFromStore``).
    case storeWhenOffline
}

extension HTTPField.Name {
    /// `Crude-Source: store` marks a response the store built instead of the server.
    public static let crudeSource = HTTPField.Name("Crude-Source")!
}

/// Keeps the stored resources of every successful response in a ``Store``, removes deleted ones, and
/// answers reads from the store when the network fails and the policy allows.
///
/// It is the outermost middleware (``CrudeRuntime/APIClient/storing(in:offline:onError:)`` puts it first),
/// so it sees the body other middlewares reshaped. A store that cannot write never fails a call: the
/// server's answer is returned and the error goes to `onError`.
public struct StoreMiddleware: ClientMiddleware {
    /// Where responses are kept.
    public let store: Store
    /// Whether calls may be answered from the store.
    public var offline: OfflinePolicy
    let coding: StoreDecoding
    let onError: @Sendable (StoreError) -> Void

    public func intercept(_ request: ClientRequest, next: @Sendable (ClientRequest) async throws -> ClientResponse) async throws -> ClientResponse {
        let operation = store.schema.operations["\(request.resource).\(request.operation)"]
        let response: ClientResponse
        do {
            response = try await next(request)
        } catch let error as APIError {
            guard offline == .storeWhenOffline, Self.isNetworkFailure(error), let answer = operation?.answer else { throw error }
            let body: Data?
            do {
                body = try await answer(store, request, coding)
            } catch {
                onError(Store.storeError(error))
                throw error
            }
            guard let body else { throw error }
            return ClientResponse(head: HTTPResponse(status: .ok, headerFields: [.crudeSource: "store", .contentType: "application/json"]), body: body)
        }
        if let operation, response.head.status.kind == .successful {
            await keep(response, of: operation, for: request)
        }
        return response
    }

    /// Upserts what the response holds and removes what the request deleted, reporting failures instead of throwing them.
    private func keep(_ response: ClientResponse, of operation: StoreOperation, for request: ClientRequest) async {
        do {
            if let keep = operation.keep {
                let batch: StoreBatch
                do {
                    batch = try keep(response.body, coding)
                } catch {
                    // The operation's own decoding reports a body that does not match the spec.
                    throw StoreError.unwritableValue(table: request.resource, column: "(response)", reason: "\(error)")
                }
                try await store.upsert(batch)
            }
            try await operation.remove?(store, request)
        } catch {
            onError(Store.storeError(error))
        }
    }

    /// Whether the request got no answer at all, the case the store may answer.
    static func isNetworkFailure(_ error: APIError) -> Bool {
        switch error {
        case .transport, .timedOut: true
        default: false
        }
    }

    /// Logs store failures, which never fail a call.
    static let log: @Sendable (StoreError) -> Void = { error in
        Logger(label: "CrudeStore").error("\(error.description)")
    }
}

extension APIClient {
    /// This client with every response kept in `store` (one line of setup): stored resources in reads,
    /// lists, pages, creates, updates and action results are upserted, deletes remove rows, and with
    /// `offline: .storeWhenOffline` reads are answered from the store when the network fails.
    ///
    /// Decoding follows this client's configuration as it is now (envelope, date and key strategies).
    /// Failures to write the store go to `onError` (logged by default) and never fail the call.
    public func storing(
        in store: Store, offline: OfflinePolicy = .networkOnly, onError: (@Sendable (StoreError) -> Void)? = nil
    ) -> APIClient {
        var client = self
        client.middlewares.removeAll { $0 is StoreMiddleware }
        let middleware = StoreMiddleware(
            store: store, offline: offline, coding: StoreDecoding(configuration: configuration), onError: onError ?? StoreMiddleware.log)
        client.middlewares.insert(middleware, at: 0)
        return client
    }

    /// This client with another offline policy for its calls: `User.read(id: 7, on: client.offline(.storeWhenOffline))`.
    /// A client without a store is returned unchanged.
    public func offline(_ policy: OfflinePolicy) -> APIClient {
        var client = self
        client.middlewares = middlewares.map { middleware in
            guard var store = middleware as? StoreMiddleware else { return middleware }
            store.offline = policy
            return store
        }
        return client
    }
}

extension OperationResponse {
    /// Whether the store answered instead of the server (see ``OfflinePolicy/storeWhenOffline``).
    public var isFromStore: Bool { response.headerFields[.crudeSource] == "store" }
}
