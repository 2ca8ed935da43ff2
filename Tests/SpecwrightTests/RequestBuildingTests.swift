import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import Testing

@Suite struct RequestBuildingTests {
    let transport = StubTransport()

    private func request<R, F>(_ endpoint: Endpoint<R, F>, client: APIClient? = nil) async throws -> URLRequest {
        try await (client ?? stubClient(transport)).request(for: endpoint)
    }

    @Test func jsonFieldsLogin() async throws {
        let request = try await request(Chirp.login(email: "a@b.c", password: "p+w/\"x\""))
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://chirp-api.example.com/auth/login")
        #expect(request.bodyText == #"{"email":"a@b.c","password":"p+w/\"x\""}"#)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func aRelativeServerResolvesAgainstTheClientsBaseURL() async throws {
        let api = APIDefaults(server: "/api/v3")
        let endpoint = Endpoint<Empty, Never>(.get, "/pet/\(7)", api, query: ["q": "x"], response: .empty)
        for (base, expected) in [
            ("http://localhost:8080", "http://localhost:8080/api/v3/pet/7?q=x"),
            ("http://localhost:8080/ignored/path", "http://localhost:8080/api/v3/pet/7?q=x"),
            ("https://petstore.example.com:8443/", "https://petstore.example.com:8443/api/v3/pet/7?q=x"),
        ] {
            let client = APIClient(baseURL: try #require(URL(string: base)), transport: transport)
            #expect(try await client.request(for: endpoint).url?.absoluteString == expected)
        }
        // A relative reference without a leading slash resolves against the base URL's folder.
        let nested = Endpoint<Empty, Never>(.get, "/pet", APIDefaults(server: "v3"), response: .empty)
        let client = APIClient(baseURL: try #require(URL(string: "http://h/api/")), transport: transport)
        #expect(try await client.request(for: nested).url?.absoluteString == "http://h/api/v3/pet")
    }

    @Test func anEndpointsOwnServerReplacesTheAPIs() async throws {
        let api = APIDefaults(headers: ["X-A": "1"], server: "/api/v3")
        let upload = Endpoint<Empty, Never>(.post, "/assets", api.withServer("https://uploads.example.com"), response: .empty)
        let moved = Endpoint<Empty, Never>(.get, "/things", api.withServer("/next"), response: .empty)
        let client = APIClient(baseURL: try #require(URL(string: "https://api.example.com/root")), transport: transport)
        let request = try await client.request(for: upload)
        #expect(request.url?.absoluteString == "https://uploads.example.com/assets")
        #expect(request.value(forHTTPHeaderField: "X-A") == "1")
        #expect(try await client.request(for: moved).url?.absoluteString == "https://api.example.com/next/things")
        #expect(api.withServer("/x").dates == api.dates)
    }

    @Test func aRelativeServerIsResolvedAgainstTheHostGiven() throws {
        let host = try #require(URL(string: "http://localhost:8080/ignored"))
        #expect(try InvalidServerURL.url("/api", [:], relativeTo: host).absoluteString == "http://localhost:8080/api")
        #expect(try InvalidServerURL.url("/api/{v}", ["v": "v3"], relativeTo: host).absoluteString == "http://localhost:8080/api/v3")
        #expect(throws: InvalidServerURL.self) { try InvalidServerURL.url("/api", [:], relativeTo: try #require(URL(string: "file:///tmp/x"))) }
    }

    @Test func serverVariablesMakeAURLOrAnError() throws {
        let url = try InvalidServerURL.url("https://{region}.api.example.com:{port}/v2", ["region": "eu", "port": "8443"])
        #expect(url.absoluteString == "https://eu.api.example.com:8443/v2")
        #expect(throws: InvalidServerURL(url: "https://e u.api.example.com/v2")) {
            try InvalidServerURL.url("https://{region}.api.example.com/v2", ["region": "e u"])
        }
    }

    @Test func queryArraysAndNil() async throws {
        let request = try await request(Chirp.feed(page: 2, tags: ["a", "b+c", "d e"]))
        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString == "https://chirp-api.example.com/feed?page=2&per_page=20&tags=a&tags=b%2Bc&tags=d%20e")
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer tok")
    }

    @Test func emptyArraySendsNothingAndOptionalIsSent() async throws {
        let endpoint = Chirp.feed(tag: "swift")
        #expect(endpoint.query.map { "\($0.name)=\($0.value)" } == ["page=1", "per_page=20", "tag=swift"])
        let request = try await request(endpoint)
        #expect(request.url?.query == "page=1&per_page=20&tag=swift")
    }

    @Test func strictQueryEncoding() async throws {
        let request = try await request(Chirp.search(q: "a+b & c=d#e%f/g?ü", sort: .inReview, since: sampleDate))
        #expect(request.url?.absoluteString
            == "https://chirp-api.example.com/search?q=a%2Bb%20%26%20c%3Dd%23e%25f%2Fg%3F%C3%BC&sort=in-review&since=2026-11-30T08%3A15%3A00Z")
        #expect(request.timeoutInterval == 10)
        #expect(request.value(forHTTPHeaderField: "X-Request-ID") == nil)
    }

    @Test func headerParameter() async throws {
        let request = try await request(Chirp.search(q: "x", xRequestID: "req-1"))
        #expect(request.value(forHTTPHeaderField: "X-Request-ID") == "req-1")
        #expect(request.url?.query == "q=x&sort=public")
    }

    @Test func pathParameterUUIDIsLowercase() async throws {
        let id = try #require(UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E"))
        let endpoint = Chirp.profile(userID: id)
        #expect(endpoint.path == "/users/0f8fad5b-d9cb-469f-a165-70867728950e/profile")
        #expect(endpoint.pathTemplate == "/users/{}/profile")
        let request = try await request(endpoint)
        #expect(request.url?.absoluteString == "https://chirp-api.example.com/users/0f8fad5b-d9cb-469f-a165-70867728950e/profile")
    }

    @Test(arguments: [
        ("a/b", "/exports/a%2Fb"),
        ("what?x=1", "/exports/what%3Fx%3D1"),
        ("frag#ment", "/exports/frag%23ment"),
        ("with space", "/exports/with%20space"),
        ("100%", "/exports/100%25"),
        ("a+b", "/exports/a+b".replacingOccurrences(of: "+", with: "%2B")),
        ("..", "/exports/%2E%2E"),
        (".", "/exports/%2E"),
        ("...", "/exports/..."),
        ("a.b-c_d~e", "/exports/a.b-c_d~e"),
        ("é", "/exports/%C3%A9"),
    ])
    func pathSegmentEncoding(value: String, path: String) async throws {
        let endpoint = Chirp.exportArchive(id: value)
        #expect(endpoint.path == path)
        #expect(endpoint.pathTemplate == "/exports/{}")
        let request = try await request(endpoint)
        #expect(request.url?.absoluteString == "https://chirp-api.example.com" + path)
    }

    @Test func groupedEndpoint() async throws {
        let request = try await request(Chirp.Posts.like(id: "42"))
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://chirp-api.example.com/posts/42/like")
    }

    @Test(arguments: ["http://h/api/v1", "http://h/api/v1/", "http://h/api/v1//"])
    func baseURLPathPrefixIsKept(base: String) async throws {
        let client = APIClient(baseURL: try #require(URL(string: base)), transport: transport, credentials: StaticCredentials(bearerToken: "t"))
        let request = try await request(Chirp.feed(), client: client)
        #expect(request.url?.absoluteString == "http://h/api/v1/feed?page=1&per_page=20")
    }

    @Test func baseURLQueryIsKept() async throws {
        let client = APIClient(baseURL: try #require(URL(string: "http://h:8080/v2?key=1")), transport: transport)
        let request = try await request(Chirp.search(q: "q"), client: client)
        #expect(request.url?.absoluteString == "http://h:8080/v2/search?key=1&q=q&sort=public")
    }

    @Test func headerPrecedence() async throws {
        let api = APIDefaults(headers: ["X-A": "api", "X-B": "api", "X-C": "api", "Accept": "application/json"])
        let endpoint = Endpoint<Empty, Never>(
            .get, "/h", api,
            headers: ["X-C": "endpoint", "Authorization": "endpoint", "X-List": ["1", "2"], "X-None": nil, "X-Empty": [String]()],
            response: .empty, auth: .bearer
        )
        let client = APIClient(baseURL: Chirp.baseURL, transport: transport, headers: ["X-B": "client", "X-C": "client"], credentials: StaticCredentials(bearerToken: "tok"))
        let request = try await request(endpoint, client: client)
        #expect(request.value(forHTTPHeaderField: "X-A") == "api")
        #expect(request.value(forHTTPHeaderField: "X-B") == "client")
        #expect(request.value(forHTTPHeaderField: "X-C") == "endpoint")
        #expect(request.value(forHTTPHeaderField: "X-List") == "1,2")
        #expect(request.value(forHTTPHeaderField: "X-None") == nil)
        #expect(request.value(forHTTPHeaderField: "X-Empty") == nil)
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer tok")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func bodyContentTypeBeatsDefaultHeaders() async throws {
        let api = APIDefaults(headers: ["Content-Type": "text/plain"])
        let endpoint = Endpoint<Empty, Never>(.post, "/x", api, body: .json(fields: ["a": 1]), response: .empty)
        let request = try await request(endpoint)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func apiKeyHeader() async throws {
        let request = try await request(Chirp.updateProfile(body: Profile(name: "n")))
        #expect(request.value(forHTTPHeaderField: "X-API-Key") == "key")
        #expect(request.httpMethod == "PUT")
    }

    @Test func apiKeyQueryByName() async throws {
        let client = stubClient(transport, credentials: StaticCredentials(apiKey: "fallback", apiKeys: ["api_key": "k&y+1"]))
        let request = try await request(Chirp.upload(body: Data([1, 2, 3])), client: client)
        #expect(request.url?.absoluteString == "https://chirp-api.example.com/blob?api_key=k%26y%2B1")
        #expect(request.httpBody == Data([1, 2, 3]))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
    }

    @Test func missingCredentials() async throws {
        let noProvider = stubClient(transport, credentials: nil)
        await #expect(throws: APIError<APIErrorResponse>.self) { try await noProvider.send(Chirp.feed()) }
        do {
            _ = try await noProvider.send(Chirp.feed())
            Issue.record("Expected missing credentials")
        } catch {
            guard case .missingCredentials = error else { Issue.record("Unexpected \(error)"); return }
        }
        let noToken = stubClient(transport, credentials: StaticCredentials(apiKey: "key"))
        do {
            _ = try await noToken.send(Chirp.feed())
            Issue.record("Expected missing credentials")
        } catch {
            guard case .missingCredentials = error else { Issue.record("Unexpected \(error)"); return }
            #expect(error.errorDescription?.contains("credentials") == true)
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func throwingCredentialsProvider() async throws {
        let client = stubClient(transport, credentials: FailingCredentials())
        do {
            _ = try await client.send(Chirp.feed())
            Issue.record("Expected a credentials error")
        } catch {
            guard case .credentials(let underlying) = error else { Issue.record("Unexpected \(error)"); return }
            #expect(underlying is FailingCredentials.Failure)
        }
    }

    @Test func endpointExposesItsParts() {
        let endpoint = Chirp.search(q: "x", since: sampleDate)
        #expect(endpoint.method == .get)
        #expect(endpoint.path == "/search")
        #expect(endpoint.query.map(\.value) == ["x", "public", "2026-11-30T08:15:00Z"])
        #expect(endpoint.timeout == 10)
        #expect(endpoint.auth == .none)
        #expect(endpoint.response.kind == .json)
        #expect(endpoint.body == nil)
        #expect(endpoint.api.headers.map(\.name) == ["Accept"])
        let create = Chirp.createPost(body: NewPost(text: "t"))
        #expect(create.errors.map(\.statusCode) == [422, nil])
        #expect(create.body?.kind == .json)
        #expect(Chirp.uploadAvatar(image: File(data: Data())).response.kind == .empty)
        #expect(Chirp.exportArchive(id: "1").response.kind == .data)
    }

    @Test func parameterValueKinds() throws {
        let url = try #require(URL(string: "https://x.example/a?b=c"))
        let day = try #require(CalendarDate(year: 2026, month: 2, day: 28))
        let endpoint = Endpoint<Empty, Never>(.get, "/p/\(42)/\(true)/\(day)", APIDefaults(), query: [
            "int": 1, "int32": Int32(-2), "int64": Int64.max, "double": 1.5, "float": Float(0.25), "bool": false,
            "decimal": Decimal(string: "19.99"), "url": url, "day": day, "status": Status.banned,
            "open": Visibility.unknown("new"), "ints": [1, 2], "substring": "abc".dropFirst(),
        ], response: .empty)
        #expect(endpoint.path == "/p/42/true/2026-02-28")
        #expect(endpoint.pathTemplate == "/p/{}/{}/{}")
        #expect(endpoint.query.map { "\($0.name)=\($0.value)" } == [
            "int=1", "int32=-2", "int64=9223372036854775807", "double=1.5", "float=0.25", "bool=false",
            "decimal=19.99", "url=https://x.example/a?b=c", "day=2026-02-28", "status=BANNED",
            "open=new", "ints=1", "ints=2", "substring=bc",
        ])
    }

    @Test func pathLiteralIsSanitized() {
        let endpoint = Endpoint<Empty, Never>(.get, "/odd path/%41/%zz/\("x y")", APIDefaults(), response: .empty)
        #expect(endpoint.path == "/odd%20path/%41/%25zz/x%20y")
    }
}

/// Header values with CR, LF or NUL and header names that are not HTTP tokens are never sent:
/// URLSession on Linux drops such values silently, and a name with CRLF would inject a header.
@Suite struct HeaderInjectionTests {
    @Test(arguments: ["a\r\nX-Injected: 1", "line\nbreak", "nul\0byte", "cr\ronly"])
    func headerParameterWithALineBreakIsRejected(_ value: String) async throws {
        let transport = StubTransport()
        do {
            _ = try await stubClient(transport).send(Chirp.search(q: "x", xRequestID: value))
            Issue.record("the request must not be sent")
        } catch {
            guard case .invalidHeader(let name) = error else {
                Issue.record("expected .invalidHeader, got \(error)")
                return
            }
            #expect(name == "X-Request-ID")
        }
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: ["X-Bad\r\nInjected", "X Bad", "", "X:Bad"])
    func clientHeaderWithABadNameIsRejected(_ name: String) async throws {
        let transport = StubTransport()
        let client = APIClient(baseURL: Chirp.baseURL, transport: transport, headers: [name: "v"])
        do {
            _ = try await client.request(for: Chirp.search(q: "x"))
            Issue.record("the request must not be built")
        } catch {
            guard case .invalidHeader(let rejected) = error else {
                Issue.record("expected .invalidHeader, got \(error)")
                return
            }
            #expect(rejected == name)
        }
    }

    @Test func ordinaryHeadersPass() async throws {
        let client = APIClient(baseURL: Chirp.baseURL, transport: StubTransport(), headers: ["X-Trace": "a b, c=\"d\"; é"])
        let request = try await client.request(for: Chirp.search(q: "x", xRequestID: "id-1"))
        #expect(request.value(forHTTPHeaderField: "X-Request-ID") == "id-1")
        #expect(request.value(forHTTPHeaderField: "X-Trace") == "a b, c=\"d\"; é")
    }
}
