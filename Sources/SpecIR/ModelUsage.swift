import SpecCore

/// Which models requests encode and which responses decode, directly or through other models:
/// with `conformances: lean`, a model gets only the half of `Codable` it needs, since synthesized
/// conformances dominate the compile time of a large client.
struct ModelUsage: Sendable {
    /// Models reachable from a response or error body (a lookup only; never iterated).
    private let decoded: Set<String>
    /// Models reachable from a request body or parameter.
    private let encoded: Set<String>

    init(_ spec: Spec, symbols: SymbolTable) {
        let endpoints = spec.flattenedEndpoints.map(\.endpoint)
        let decodeRoots = (spec.error.map { [$0] } ?? []) + endpoints.flatMap(\.responseTypes)
        let encodeRoots = endpoints.flatMap(\.requestTypes)
        let encoded = symbols.modelsReachable(from: encodeRoots)
        let decoded = symbols.modelsReachable(from: decodeRoots)
        // A model no endpoint uses is decoded (what a response might hold), with what it holds.
        let unused = spec.models.filter { !encoded.contains($0.name) && !decoded.contains($0.name) }
        self.decoded = unused.isEmpty ? decoded : symbols.modelsReachable(from: decodeRoots + unused.map { .named($0.name, arguments: [], at: $0.location) })
        self.encoded = encoded
    }

    /// The protocols of a struct or union, before `Sendable`: `Decodable` when only responses use
    /// it (or nothing does), `Encodable` when only requests do, else `Codable`.
    func codingProtocol(of model: String) -> (conformance: Conformance, decodes: Bool, encodes: Bool) {
        switch (decoded.contains(model), encoded.contains(model)) {
        case (true, false): (.decodable, true, false)
        case (false, true): (.encodable, false, true)
        default: (.codable, true, true)
        }
    }
}
