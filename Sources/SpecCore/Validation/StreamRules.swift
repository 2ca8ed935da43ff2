extension Validator {
    /// `terminator` and `reconnect` belong to an event stream; a stream is read as its framing says,
    /// never as text.
    mutating func checkStreamOptions(_ endpoint: EndpointDecl, what: String) {
        let stream = endpoint.response.flatMap { symbols.stream($0) }
        if let stream, endpoint.responseIsText, let response = endpoint.response {
            diagnostics.error("the response of \(what) is a stream ('\(stream.framing.rawValue)'), which is not read as text; remove responseEncoding", at: response.location)
        }
        guard let location = endpoint.streamOptionsLocation, stream?.framing != .events else { return }
        let option = endpoint.streamTerminator != nil ? "terminator" : "reconnect"
        diagnostics.error("\(option) applies to a response of server-sent events; the response of \(what) is \(endpoint.response.map { "'\($0)'" } ?? "not a stream"), write response: EventStream<Element>", at: location)
    }
}
