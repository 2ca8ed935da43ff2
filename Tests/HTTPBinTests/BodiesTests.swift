import Foundation
import HTTPBinClient
import Specwright
import Testing

/// JSON, form, multipart and binary bodies, as httpbin decoded them.
@Suite struct BodiesTests {
    let server: HTTPBinServer
    let client: APIClient

    init() async throws {
        server = try await HTTPBinServer.get()
        client = server.client()
    }

    @Test func aJSONModelArrivesWithWireNamesDatesAndDefaults() async throws {
        let note = Note(text: "hi \"there\" \\ é", tags: ["a"], count: 3, ratio: 0.25, flavor: .rockyRoad,
                        createdAt: Date(timeIntervalSince1970: 1_796_026_500), day: CalendarDate(year: 2026, month: 11, day: 30),
                        attributes: ["k": "v"], extra: .array([.null, .bool(true)]))
        let echo = try await client.send(HTTPBin.post(body: note))
        #expect(echo.headers["Content-Type"] == "application/json")
        guard case .object(let json)? = echo.json else {
            Issue.record("expected a JSON object, got \(String(describing: echo.json))")
            return
        }
        #expect(json["text"] == .string("hi \"there\" \\ é"))
        #expect(json["flavor"] == .string("rocky-road"))
        #expect(json["created_at"] == .string("2026-11-30T08:15:00Z"))
        #expect(json["day"] == .string("2026-11-30"))
        #expect(json["attributes"] == .object(["k": .string("v")]))
        #expect(json["extra"] == .array([.null, .bool(true)]))
        #expect(json["id"] == nil) // nil optionals are left out
    }

    @Test func inlineJSONFieldsAndAQueryOnDelete() async throws {
        let echo = try await client.send(HTTPBin.delete(ids: [1, 2], reason: "cleanup"))
        #expect(echo.json == .object(["ids": .array([.integer(1), .integer(2)]), "soft": .bool(true)]))
        #expect(echo.args["reason"] == .string("cleanup"))
    }

    @Test func aFormModelArrivesFieldByField() async throws {
        let echo = try await client.send(HTTPBin.put(body: SignUp(userName: "ada lovelace", email: "a+b@example.com", newsletter: true, interests: ["x", "y"])))
        #expect(echo.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(echo.form["user_name"] == .string("ada lovelace"))
        #expect(echo.form["email"] == .string("a+b@example.com"))
        #expect(echo.form["newsletter"] == .string("true"))
        #expect(echo.form["interests"] == .array([.string("x"), .string("y")]))
    }

    @Test func inlineFormFieldsWithADate() async throws {
        let echo = try await client.send(HTTPBin.Anything.form(path: marker(), name: "n&m=1", values: ["1", "2"], count: 7,
                                                              when: Date(timeIntervalSince1970: 0)))
        #expect(echo.form["name"] == .string("n&m=1"))
        #expect(echo.form["values"] == .array([.string("1"), .string("2")]))
        #expect(echo.form["count"] == .string("7"))
        #expect(echo.form["when"] == .string("1970-01-01T00:00:00Z"))
    }

    @Test func multipartFilesAndFieldsArriveAsParts() async throws {
        let document = File(data: Data("contents of the document".utf8), filename: "doc.txt", contentType: "text/plain")
        let binary = File(data: Data([0xFF, 0x00, 0x80]), filename: "blob.bin", contentType: "application/x-blob")
        let echo = try await client.send(HTTPBin.patch(document: document, attachments: [binary], raw: Data("raw part".utf8),
                                                       caption: "a \"quoted\" caption", labels: ["l1", "l2"],
                                                       meta: Cookies(cookies: ["theme": "dark"])))
        #expect(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(echo.files["document"] == "contents of the document")
        #expect(echo.files["attachments"] == "data:application/x-blob;base64,/wCA")
        #expect(echo.form["raw"] == .string("raw part"))
        #expect(echo.form["caption"] == .string("a \"quoted\" caption"))
        #expect(echo.form["labels"] == .array([.string("l1"), .string("l2")]))
        #expect(echo.form["meta"] == .string(#"{"cookies":{"theme":"dark"}}"#))
    }

    @Test func aPartIsSentWithTheContentTypeTheSpecGivesIt() async throws {
        let picture = File(data: Data([0xFF, 0xD8]), filename: "picture", contentType: "application/octet-stream")
        let echo = try await client.send(HTTPBin.typedParts(picture: picture))
        #expect(echo.files["picture"] == "data:image/png;base64,/9g=")
    }

    @Test func aTextResponseIsAString() async throws {
        let response = try await client.response(HTTPBin.robots())
        #expect(response.value == "User-agent: *\nDisallow: /deny\n")
        #expect(response.header("content-type")?.hasPrefix("text/plain") == true)
    }

    @Test func anAbsentOptionalBodyIsNotSent() async throws {
        let absent = try await client.send(HTTPBin.Anything.optionalBody())
        #expect(absent.data == "")
        #expect(absent.headers["Content-Type"] == nil)
        #expect(absent.json == nil)
        let present = try await client.send(HTTPBin.Anything.optionalBody(body: ["n": 1]))
        #expect(present.headers["Content-Type"] == "application/json")
        #expect(present.json == .object(["n": .integer(1)]))
    }

    @Test func binaryBodiesAreSentAsTheyAre() async throws {
        let bytes = Data((0..<256).map { UInt8($0) })
        let echo = try await client.send(HTTPBin.Anything.binary(path: marker(), body: bytes))
        #expect(echo.headers["Content-Type"] == "application/octet-stream")
        #expect(echo.data == "data:application/octet-stream;base64," + bytes.base64EncodedString())
        let file = try await client.send(HTTPBin.Anything.binaryFile(path: marker(), body: File(data: Data("plain text".utf8), contentType: "text/plain")))
        #expect(file.headers["Content-Type"] == "text/plain")
        #expect(file.data == "plain text")
    }

    @Test func aBodyGoesWithTheMediaTypeItsSpecDeclares() async throws {
        let patch = try await client.send(HTTPBin.Anything.mergePatch(path: marker(), name: "Ada"))
        #expect(patch.headers["Content-Type"] == "application/merge-patch+json")
        #expect(patch.json == .object(["name": .string("Ada")]))
        let csv = try await client.send(HTTPBin.Anything.csv(path: marker(), body: "a,b\n1,é\n"))
        #expect(csv.headers["Content-Type"] == "text/csv")
        #expect(csv.data == "a,b\n1,é\n")
    }

    @Test func anyJSONValueCanBeTheBody() async throws {
        let value = JSONValue.array([.string("é"), .number(1.5), .object(["nested": .null])])
        let echo = try await client.send(HTTPBin.Anything.json(path: marker(), body: value))
        #expect(echo.json == value)
    }

    @Test func jsonDecodesANestedDocument() async throws {
        let document = try await client.send(HTTPBin.json())
        #expect(document.slideshow.author == "Yours Truly")
        #expect(document.slideshow.slides.count == 2)
        #expect(document.slideshow.slides.last?.items?.isEmpty == false)
        #expect(try await client.send(HTTPBin.uuid()).uuid.uuidString.count == 36)
    }
}
