import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import Testing

@Suite struct ResponseHandlingTests {
    static let postJSON = """
    {"id":"0f8fad5b-d9cb-469f-a165-70867728950e","text":"hi","like_count":3,"created_at":"2026-11-30T08:15:00.250Z",
     "day":"2026-11-30","extra":{"n":[1,2.5,null,true,"s"]}}
    """

    @Test func decodesJSON() async throws {
        let transport = StubTransport(status: 201, body: Self.postJSON, headers: ["X-Rate": "9"])
        let response = try await stubClient(transport).response(Chirp.createPost(body: NewPost(text: "hi")))
        #expect(response.statusCode == 201)
        #expect(response.header("x-rate") == "9")
        #expect(response.headers["X-Rate"] == "9")
        let post = response.value
        #expect(post.id == UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E"))
        #expect(post.likeCount == 3)
        #expect(post.createdAt == Date(timeIntervalSince1970: 1_796_026_500.25))
        #expect(post.day == CalendarDate(year: 2026, month: 11, day: 30))
        #expect(post.extra == ["n": [1, 2.5, nil, true, "s"]])
    }

    @Test func emptyResponseIgnoresBody() async throws {
        let noContent = StubTransport(status: 204, body: "")
        let value = try await stubClient(noContent).send(Chirp.Posts.like(id: "1"))
        #expect(value == Empty())
        let withBody = StubTransport(status: 200, body: "not json")
        #expect(try await stubClient(withBody).send(Chirp.Posts.like(id: "1")) == Empty())
    }

    @Test func rawData() async throws {
        let transport = StubTransport(status: 200, body: "\u{0}binary\u{1}")
        #expect(try await stubClient(transport).send(Chirp.exportArchive(id: "1")) == Data("\u{0}binary\u{1}".utf8))
    }

    @Test func defaultErrorModel() async throws {
        let transport = StubTransport(status: 500, body: #"{"code":7,"message":"boom"}"#, headers: ["Retry-After": "3"])
        do {
            _ = try await stubClient(transport).send(Chirp.feed())
            Issue.record("Expected a status error")
        } catch {
            guard case .status(let status) = error else { Issue.record("Unexpected \(error)"); return }
            #expect(status.statusCode == 500)
            #expect(status.model == APIErrorResponse(code: 7, message: "boom"))
            #expect(status.headers["Retry-After"] == "3")
            #expect(error.statusCode == 500)
            #expect(error.model?.message == "boom")
            #expect(error.errorDescription?.contains("500") == true)
        }
    }

    @Test func perStatusErrorModels() async throws {
        let endpoint = Chirp.createPost(body: NewPost(text: ""))
        let invalid = StubTransport(status: 422, body: #"{"fields":{"text":"empty"}}"#)
        do {
            _ = try await stubClient(invalid).send(endpoint)
            Issue.record("Expected a status error")
        } catch {
            #expect(error.model == .status422(ValidationErrors(fields: ["text": "empty"])))
        }
        let other = StubTransport(status: 409, body: #"{"code":409,"message":"dup"}"#)
        do {
            _ = try await stubClient(other).send(endpoint)
            Issue.record("Expected a status error")
        } catch {
            #expect(error.model == .default(APIErrorResponse(code: 409, message: "dup")))
            #expect(error.statusCode == 409)
        }
    }

    @Test func undecodableErrorBodyKeepsStatusAndData() async throws {
        let transport = StubTransport(status: 422, body: "<html>oops</html>")
        do {
            _ = try await stubClient(transport).send(Chirp.createPost(body: NewPost(text: "")))
            Issue.record("Expected a status error")
        } catch {
            guard case .status(let status) = error else { Issue.record("Unexpected \(error)"); return }
            #expect(status.statusCode == 422)
            #expect(status.model == nil)
            #expect(status.data == Data("<html>oops</html>".utf8))
        }
    }

    @Test func errorWithoutModel() async throws {
        let transport = StubTransport(status: 404, body: #"{"code":404,"message":"x"}"#)
        do {
            _ = try await stubClient(transport).send(Chirp.profile(userID: UUID()))
            Issue.record("Expected a status error")
        } catch {
            guard case .status(let status) = error else { Issue.record("Unexpected \(error)"); return }
            #expect(status.statusCode == 404)
            #expect(status.model == nil)
        }
    }

    @Test func decodingErrorHasReadableCodingPath() async throws {
        let body = """
        {"page":1,"items":[\(Self.postJSON),{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","text":"x","like_count":1,"created_at":"yesterday"}]}
        """
        let transport = StubTransport(status: 200, body: body)
        do {
            _ = try await stubClient(transport).send(Chirp.feed())
            Issue.record("Expected a decoding error")
        } catch {
            guard case .decoding(let failure) = error else { Issue.record("Unexpected \(error)"); return }
            #expect(failure.codingPath == "items[1].created_at")
            #expect(failure.message.contains("yesterday"))
            #expect(failure.data == Data(body.utf8))
            #expect(failure.underlying is DecodingError)
            #expect(error.errorDescription?.contains("items[1].created_at") == true)
        }
    }

    @Test func missingKeyPathIncludesTheKey() async throws {
        let transport = StubTransport(status: 200, body: #"{"page":1,"items":[{"id":"0f8fad5b-d9cb-469f-a165-70867728950e","text":"x","created_at":"2026-11-30T08:15:00Z"}]}"#)
        do {
            _ = try await stubClient(transport).send(Chirp.feed())
            Issue.record("Expected a decoding error")
        } catch {
            guard case .decoding(let failure) = error else { Issue.record("Unexpected \(error)"); return }
            #expect(failure.codingPath == "items[0].like_count")
        }
    }

    @Test func transportErrors() async throws {
        let offline = StubTransport(error: URLError(.notConnectedToInternet))
        do {
            _ = try await stubClient(offline).send(Chirp.Posts.like(id: "1"))
            Issue.record("Expected a transport error")
        } catch {
            guard case .transport(let underlying) = error else { Issue.record("Unexpected \(error)"); return }
            #expect((underlying as? URLError)?.code == .notConnectedToInternet)
        }
        for cancellation in [URLError(.cancelled), CancellationError()] as [any Error] {
            do {
                _ = try await stubClient(StubTransport(error: cancellation)).send(Chirp.Posts.like(id: "1"))
                Issue.record("Expected cancellation")
            } catch {
                guard case .cancelled = error else { Issue.record("Unexpected \(error)"); return }
            }
        }
    }

    @Test func cancelledTaskDoesNotSend() async throws {
        let transport = StubTransport()
        let client = stubClient(transport)
        let task = Task {
            while !Task.isCancelled {
                await Task.yield()
            }
            return try await client.send(Chirp.Posts.like(id: "1"))
        }
        task.cancel()
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? APIError<Never> else {
            Issue.record("Unexpected \(result)")
            return
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func invalidStatusIsInvalidResponse() async throws {
        do {
            _ = try await stubClient(StubTransport(status: 700)).send(Chirp.Posts.like(id: "1"))
            Issue.record("Expected an invalid response error")
        } catch {
            guard case .invalidResponse = error else { Issue.record("Unexpected \(error)"); return }
        }
    }

    @Test func textResponse() async throws {
        let endpoint = Endpoint<String, Never>(.get, "/t", APIDefaults(), response: .text)
        #expect(try await stubClient(StubTransport(body: "héllo")).send(endpoint) == "héllo")
        #expect(endpoint.response.kind == .text)
    }

    @Test func errorDescriptions() {
        let errors: [APIError<Never>] = [
            .invalidURL("x"), .transport(URLError(.timedOut)), .invalidResponse,
            .status(StatusError(statusCode: 404, headers: [:], data: Data(), model: nil)),
            .decoding(DecodingFailure(URLError(.unknown), data: Data())), .encoding(URLError(.unknown)),
            .missingCredentials, .credentials(URLError(.unknown)), .cancelled, .invalidHeader("X"), .responseTooLarge(limit: 64 << 20),
        ]
        let descriptions = errors.compactMap(\.errorDescription)
        #expect(descriptions.count == errors.count)
        #expect(Set(descriptions).count == errors.count)
        #expect(descriptions[3].contains("404"))
        #expect(descriptions.last == "The response body is larger than the limit of 64 MiB.")
    }
}
