import Foundation
import HTTPBinClient
import Specwright
import Testing

/// Every method, and query, path and header parameters, as httpbin received them: its echo says
/// what it decoded, its access log what was sent byte for byte.
@Suite struct MethodsAndParametersTests {
    let server: HTTPBinServer
    let client: APIClient

    init() async throws {
        server = try await HTTPBinServer.get()
        client = server.client()
    }

    @Test func anEndpointWithAServerOfItsOwnIsSentThere() async throws {
        let mark = marker()
        let echo = try await client.send(HTTPBin.Anything.elsewhere(path: mark))
        let line = try await server.requestLine(containing: mark)
        #expect(line == "GET /anything/v2/moved/\(mark) HTTP/1.1")
        #expect(echo.url.hasSuffix("/anything/v2/moved/\(mark)"))
    }

    @Test func pathArraysAndObjectsGoInTheirStyles() async throws {
        let mark = marker()
        let echo = try await client.send(HTTPBin.Anything.styled(
            ids: [1, 2], point: Point(x: 1, y: 2), tags: ["a b", "c/d"], spread: ["y": 2, "x": 1], corner: Point(x: 3, y: 4), q: mark))
        let line = try await server.requestLine(containing: mark)
        #expect(line == "GET /anything/styled/1,2/x=1,y=2/.a%20b.c%2Fd/;x=1;y=2/;corner=x,3,y,4?q=\(mark) HTTP/1.1")
        #expect(echo.method == "GET")
    }

    @Test func getSendsEveryQueryTypeStrictlyEncoded() async throws {
        let mark = marker()
        let since = Date(timeIntervalSince1970: 1_796_026_500) // 2026-11-30T08:15:00Z
        let echo = try await client.send(HTTPBin.get(
            q: "\(mark) a+b&c=d/é", page: 2, tags: ["x y", "z"], flag: true, flavor: .rockyRoad, since: since,
            day: CalendarDate(year: 2026, month: 11, day: 30), id: UUID(uuidString: "0F8FAD5B-D9CB-469F-A165-70867728950E"),
            ratio: 0.5, xTrace: "trace-1"))
        let line = try await server.requestLine(containing: mark)
        #expect(line == "GET /get?q=\(mark)%20a%2Bb%26c%3Dd%2F%C3%A9&page=2&tags=x%20y&tags=z&flag=true&flavor=rocky-road"
            + "&since=2026-11-30T08%3A15%3A00Z&day=2026-11-30&id=0f8fad5b-d9cb-469f-a165-70867728950e&ratio=0.5 HTTP/1.1")
        #expect(echo.args["q"] == .string("\(mark) a+b&c=d/é"))
        #expect(echo.args["tags"] == .array([.string("x y"), .string("z")]))
        #expect(echo.headers["X-Trace"] == "trace-1")
        #expect(echo.headers["Accept"] == "application/json")
        #expect(echo.headers["X-Specwright-Suite"] == "httpbin")
    }

    @Test(arguments: [
        ("a/b", "a%2Fb"), ("..", "%2E%2E"), (".", "%2E"), ("q?x=1", "q%3Fx%3D1"), ("f#g", "f%23g"),
        ("s p", "s%20p"), ("100%", "100%25"), ("a+b", "a%2Bb"), ("é", "%C3%A9"), ("%2F", "%252F"),
    ])
    func aPathValueNeverChangesTheRoute(value: String, sent: String) async throws {
        let mark = marker()
        let echo = try await client.send(HTTPBin.Anything.get(path: value, q: mark))
        #expect(try await server.requestLine(containing: mark) == "GET /anything/\(sent)?q=\(mark) HTTP/1.1")
        #expect(echo.method == "GET")
        #expect(echo.url.hasPrefix(server.url.absoluteString + "/anything/"))
    }

    @Test func literalPathTextKeepsItsEscapes() async throws {
        _ = try await client.send(HTTPBin.Anything.literalPath())
        let lines = try await server.requestLines(containing: "/anything/a%2Fb/x;y=1/@me:here")
        #expect(lines.first?.hasPrefix("GET /anything/a%2Fb/x;y=1/@me:here HTTP/1.1") == true)
    }

    @Test func cookieParametersJoinTheCookieHeader() async throws {
        let cookies = try await client.send(HTTPBin.preferences(theme: "dark", lang: "de", ids: [1, 2]))
        #expect(cookies.cookies == ["theme": "dark", "lang": "de", "ids": "1,2"])
        // nil leaves a cookie out; the caller's own Cookie header comes first; a value a cookie
        // cannot hold as it is goes percent-encoded, never as a second cookie.
        let joined = try await client.send(HTTPBin.preferences(cookie: "session=abc", theme: "high contrast; x=1"))
        #expect(joined.cookies == ["session": "abc", "theme": "high%20contrast%3B%20x=1"])
    }

    @Test func headerParametersArriveWithTheirValues() async throws {
        let mark = marker()
        let echo = try await client.send(HTTPBin.headers(xCustom: mark, xNumber: 42, xFlag: false, xFlavor: .chocolate, ifNoneMatch: "\"v1\""))
        #expect(echo.headers["X-Custom"] == mark)
        #expect(echo.headers["X-Number"] == "42")
        #expect(echo.headers["X-Flag"] == "false")
        #expect(echo.headers["X-Flavor"] == "chocolate")
        #expect(echo.headers["If-None-Match"] == "\"v1\"")
    }

    @Test(arguments: ["a\r\nX-Injected: 1", "a\nb", "a\u{0}b"])
    func aHeaderValueWithControlsIsRejectedBeforeSending(value: String) async throws {
        let mark = marker()
        do {
            _ = try await client.send(HTTPBin.headers(xCustom: value + mark))
            Issue.record("the header must be rejected")
        } catch {
            guard case .invalidHeader(let name) = error else {
                Issue.record("expected .invalidHeader, got \(error)")
                return
            }
            #expect(name == "X-Custom")
        }
        // Nothing reached the server: a request sent after it is logged, this one is not.
        let after = marker()
        _ = try await client.send(HTTPBin.Anything.get(path: after))
        _ = try await server.requestLines(containing: after)
        #expect(try await server.requestLines(containing: mark, timeout: .zero).isEmpty)
    }

    @Test func postPutPatchAndDeleteUseTheirMethods() async throws {
        let mark = marker()
        _ = try await client.send(HTTPBin.Anything.json(path: mark, body: .object(["a": .integer(1)])))
        _ = try await client.send(HTTPBin.Anything.form(path: mark, name: "n"))
        _ = try await client.send(HTTPBin.Anything.multipart(path: mark, file: File(data: Data("f".utf8), filename: "f.txt")))
        let deleted = try await client.send(HTTPBin.Anything.delete(path: mark, cascade: true))
        let lines = try await server.requestLines(containing: mark, count: 4)
        #expect(lines.map { $0.split(separator: " ").first ?? "" } == ["POST", "PUT", "PATCH", "DELETE"])
        #expect(deleted.method == "DELETE")
        #expect(deleted.args["cascade"] == .string("true"))
    }

    @Test func headAndOptionsAnswerWithoutABody() async throws {
        let mark = marker()
        let head = try await client.response(HTTPBin.Anything.head(path: mark))
        #expect(head.statusCode == 200)
        #expect(head.header("Content-Type") == "application/json")
        let options = try await client.response(HTTPBin.Anything.options(path: mark))
        #expect(options.statusCode == 200)
        let allowed = Set((options.header("Allow") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(allowed.isSuperset(of: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"]))
        let lines = try await server.requestLines(containing: mark, count: 2)
        #expect(lines.map { $0.split(separator: " ").first ?? "" } == ["HEAD", "OPTIONS"])
    }

    @Test func responseMetadataCarriesStatusAndHeaders() async throws {
        let response = try await client.response(HTTPBin.responseHeaders(xEcho: "hello", xMulti: ["1", "2"]))
        #expect(response.statusCode == 200)
        #expect(response.header("X-Echo") == "hello")
        #expect(response.header("x-echo") == "hello")
        #expect(response.value["X-Echo"] == .string("hello"))
    }

    @Test func declaredResponseHeadersAreReadTyped() async throws {
        let id = UUID()
        let reset = Date(timeIntervalSince1970: 1_796_026_500.25)
        let response = try await client.response(HTTPBin.typedHeaders(
            xTotalCount: 42, xRequestID: id, xFlags: [true, false], xReset: reset,
            lastModified: "Tue, 01 Dec 2026 20:27:15 GMT", xFlavor: .rockyRoad))
        let headers = HTTPBin.TypedHeadersHeaders(response)
        #expect(headers.xTotalCount == 42)
        #expect(headers.xRequestID == id)
        #expect(headers.xFlags == [true, false])
        #expect(headers.xReset == reset)
        #expect(headers.lastModified == Date(timeIntervalSince1970: 1_796_156_835))
        #expect(headers.xFlavor == .rockyRoad)
        #expect(headers.xMissing == nil)
        // A header whose text is not of its type is nil, not a wrong value.
        let wrong = try await client.response(HTTPBin.endpoint(.get, "/response-headers", query: ["X-Total-Count": "many"], as: [String: JSONValue].self))
        #expect(HTTPBin.TypedHeadersHeaders(wrong).xTotalCount == nil)
    }
}
