import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension APIClient {
    /// Sends the endpoint and writes its body into `file` as it arrives, never holding more than
    /// a few pieces in memory, whatever the endpoint's response type (`Data`, `ByteStream`, a
    /// model): the bytes are written as they came. Returns the response with the file's URL.
    ///
    /// With `resume`, a file already there is continued: the request asks for the rest with
    /// `Range: bytes=<size>-`, and a `206` whose `Content-Range` starts there is appended (a `200`,
    /// or a `206` of another range, rewrites the file; a `416` whose `Content-Range` says the file
    /// is whole is done). A connection that drops in the middle is then resumed the same way, with
    /// `If-Range` and the first answer's `ETag` (or `Last-Modified`) so a changed file starts over,
    /// up to 3 times without progress, when the server takes ranges. A file longer than the
    /// server's (a `416` for another length) is downloaded again from the start. Without `resume`,
    /// the file is written from the start. A body shorter than its `Content-Length` is a cut
    /// connection. `progress` hears when the answer came and of each piece written, with the file's
    /// validator (``TransferProgress/validator``): keep it, and a later run after a cancel or a
    /// crash resumes with `resume: true` and that validator as the endpoint's `If-Range`
    /// (`endpoint.resuming(validator:)`), so a file changed meanwhile is downloaded again whole.
    ///
    /// A `Range` the endpoint sets itself asks for that part, written as it comes (and not
    /// resumed: `resume` is ignored); an `If-Range` it sets (an `ETag` kept from an earlier run)
    /// guards a resumption, so a file that changed meanwhile is downloaded whole instead of
    /// appended to.
    ///
    /// A non-2xx status is the usual ``APIError/status(_:)``; a file that cannot be written is
    /// ``APIError/transport(_:)`` with the file system's error. What was written stays, for a
    /// later `resume`.
    @discardableResult
    public func download<Value, Failure>(
        _ endpoint: Endpoint<Value, Failure>, to file: URL, resume: Bool = false, progress: ProgressHandler? = nil
    ) async throws(APIError<Failure>) -> Response<URL> {
        var attempts = 0
        // A validator the caller kept from an earlier run (`If-Range: "<etag>"`) guards the first
        // resumption too; a Range the caller set asks for a part, which is written as it comes.
        var validator = endpoint.headers.last { $0.name.lowercased() == "if-range" }?.value
        let partRequested = endpoint.headers.contains { $0.name.lowercased() == "range" }
        // A part is written as it comes: resuming it would ask for the rest of the whole file.
        let resume = resume && !partRequested
        while true {
            let existing = resume ? Self.size(of: file) : 0
            var request = endpoint.bytes()
            if existing > 0 {
                request.headers.removeAll { ["range", "if-range"].contains($0.name.lowercased()) }
                request.headers.append((name: "Range", value: "bytes=\(existing)-"))
                if let validator { request.headers.append((name: "If-Range", value: validator)) }
            }
            let response: Response<ByteStream>
            do {
                response = try await self.response(request)
            } catch {
                // The file is whole already: the answer is the 416 that says so.
                if existing > 0, case .status(let status) = error, status.statusCode == 416 {
                    if Self.isWhole(existing, contentRange: status.headers),
                       let head = HTTPURLResponse(url: file, statusCode: 416, httpVersion: "HTTP/1.1", headerFields: status.headers) {
                        return Response(value: file, httpResponse: head)
                    }
                    // Longer than what the server has now: not a part of it, so it starts over.
                    attempts += 1
                    if attempts < 3, (try? FileManager.default.removeItem(at: file)) != nil { continue }
                }
                throw error
            }
            // A 200 is the file as it is now: its validator replaces one kept from before.
            let current = response.header("ETag") ?? response.header("Last-Modified")
            validator = response.statusCode == 206 ? validator ?? current : current
            // Only the rest of this file continues it: another range, or the whole, starts over.
            let appending = response.statusCode == 206 && existing > 0 && Self.start(contentRange: response.header("Content-Range")) == existing
            if response.statusCode == 206, !appending, !partRequested {
                response.value.cancel()
                let range = response.header("Content-Range") ?? "none"
                let unexpected = URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey:
                    "The server answered 206 with Content-Range \(range), not the rest of the file from byte \(existing)."])
                if existing == 0 { throw .transport(unexpected) }
                try? FileManager.default.removeItem(at: file)
                attempts += 1
                if attempts >= 3 { throw .transport(unexpected) }
                continue
            }
            let start = appending ? existing : 0
            let length = response.httpResponse.expectedContentLength
            // `resume` is off for a part, so a 206 of a part is written from the start.
            let expected = response.statusCode == 206 && partRequested ? (length >= 0 ? length : nil)
                : Self.total(contentRange: response.header("Content-Range")) ?? (length >= 0 ? start + length : nil)
            // A body shorter than its declared length was cut (URLSession decodes a compressed
            // body, whose declared length is then not the length written).
            let encoding = response.header("Content-Encoding")?.lowercased() ?? "identity"
            let complete = length >= 0 && encoding == "identity" ? start + length : nil
            do {
                try await Self.write(response.value, to: file, from: start, expected: expected, complete: complete,
                                     validator: validator, progress: progress)
                return Response(value: file, httpResponse: response.httpResponse)
            } catch let failure as DownloadFailure {
                let takesRanges = response.statusCode == 206 || response.header("Accept-Ranges")?.lowercased().contains("bytes") == true
                // Attempts count since the last one that wrote something.
                attempts = Self.size(of: file) > start ? 1 : attempts + 1
                guard resume, takesRanges, attempts <= 3, RetryMiddleware.isTransient(failure.error) else {
                    throw Self.transportError(failure.error)
                }
            } catch {
                throw Self.transportError(error)
            }
        }
    }

    /// A failure of the transfer (not of the file), which a resumed download may get past.
    private struct DownloadFailure: Error {
        var error: any Error
    }


    /// Writes the pieces of `bytes` into `file` from `offset` on (cutting what follows); a body
    /// that ends before `complete` bytes is a cut connection. Progress is told first when the
    /// answer came (with its validator, so a transfer cancelled before its first piece still has
    /// one), then after each piece.
    private static func write(
        _ bytes: ByteStream, to file: URL, from offset: Int64, expected: Int64?, complete: Int64?, validator: String?,
        progress: ProgressHandler?
    ) async throws {
        if offset == 0 || !FileManager.default.fileExists(atPath: file.path) {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                bytes.cancel()
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.truncate(atOffset: UInt64(offset))
        var written = offset
        progress?(TransferProgress(bytes: written, expected: expected, validator: validator))
        var iterator = bytes.makeAsyncIterator()
        while true {
            let piece: Data?
            do {
                piece = try await iterator.next()
            } catch {
                throw DownloadFailure(error: error)
            }
            guard let piece else { break }
            try handle.write(contentsOf: piece)
            written += Int64(piece.count)
            progress?(TransferProgress(bytes: written, expected: expected, validator: validator))
        }
        if let complete, written < complete {
            throw DownloadFailure(error: URLError(.networkConnectionLost))
        }
    }

    private static func size(of file: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size]) as? NSNumber)?.int64Value ?? 0
    }

    /// The whole length a `Content-Range` (`bytes 0-99/1000`, `bytes */1000`) gives.
    private static func total(contentRange: String?) -> Int64? {
        guard let contentRange, let slash = contentRange.lastIndex(of: "/") else { return nil }
        return Int64(contentRange[contentRange.index(after: slash)...].trimmingCharacters(in: .whitespaces))
    }

    /// The first byte a `Content-Range` (`bytes 100-999/1000`) covers.
    private static func start(contentRange: String?) -> Int64? {
        guard let contentRange, let space = contentRange.firstIndex(of: " "), let dash = contentRange.firstIndex(of: "-") , space < dash else { return nil }
        return Int64(contentRange[contentRange.index(after: space)..<dash].trimmingCharacters(in: .whitespaces))
    }

    /// Whether a `416`'s `Content-Range: bytes */<total>` says a file of `size` bytes is whole.
    private static func isWhole(_ size: Int64, contentRange headers: [String: String]) -> Bool {
        let range = headers.first { $0.key.lowercased() == "content-range" }?.value
        return total(contentRange: range) == size
    }
}

extension Endpoint {
    /// The same endpoint sending `If-Range: <validator>` (an `ETag` or `Last-Modified` kept from
    /// ``TransferProgress/validator``): ``APIClient/download(_:to:resume:progress:)`` with `resume`
    /// then continues the file only if it is still the one the validator names. Nil sends none.
    public func resuming(validator: String?) -> Endpoint {
        var endpoint = self
        endpoint.headers.removeAll { $0.name.lowercased() == "if-range" }
        if let validator { endpoint.headers.append((name: "If-Range", value: validator)) }
        return endpoint
    }

    /// The same request, its body read as bytes as they arrive.
    func bytes() -> Endpoint<ByteStream, Failure> {
        reading(.bytes)
    }

    /// The same request, its answer read as `response` says, asking for what this one asks for.
    func reading<Other>(_ response: ResponseDecoding<Other>) -> Endpoint<Other, Failure> {
        var endpoint = Endpoint<Other, Failure>(method, EndpointPath(stringLiteral: path), api, body: body, response: response,
                                                auth: auth, errors: errors, timeout: timeout, retry: retry)
        endpoint.path = path
        endpoint.pathTemplate = pathTemplate
        endpoint.query = query
        endpoint.headers = headers
        endpoint.cookies = cookies
        if let accept = self.response.accept { endpoint.response = endpoint.response.accepting(accept) }
        return endpoint
    }
}
