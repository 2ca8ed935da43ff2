import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import Testing

/// The parts of a multipart body: headers and data, split on the boundary from the content type.
struct ParsedPart: Equatable {
    var headers: [String]
    var body: String
}

func parseMultipart(_ data: Data, contentType: String) throws -> [ParsedPart] {
    let prefix = "multipart/form-data; boundary="
    try #require(contentType.hasPrefix(prefix))
    let boundary = String(contentType.dropFirst(prefix.count))
    let text = String(decoding: data, as: UTF8.self)
    try #require(text.hasSuffix("--\(boundary)--\r\n"))
    let chunks = text.components(separatedBy: "--\(boundary)")
    try #require(chunks.first == "")
    try #require(chunks.last == "--\r\n")
    return try chunks.dropFirst().dropLast().map { chunk in
        try #require(chunk.hasPrefix("\r\n") && chunk.hasSuffix("\r\n"))
        let inner = String(decoding: chunk.utf8.dropFirst(2).dropLast(2), as: UTF8.self)
        let split = try #require(inner.range(of: "\r\n\r\n"))
        return ParsedPart(headers: inner[..<split.lowerBound].components(separatedBy: "\r\n"), body: String(inner[split.upperBound...]))
    }
}

@Suite struct RequestBodyTests {
    let client = stubClient(StubTransport())

    @Test func jsonFieldsKeepOrderAndOmitNil() async throws {
        let missing: String? = nil
        let api = APIDefaults(dates: .iso8601Fractional)
        let endpoint = Endpoint<Empty, Never>(.post, "/x", api, body: .json(fields: [
            "zeta": 1, "alpha": missing, "mid": "x/y", "when": sampleDate, "list": [1, 2], "day": CalendarDate("2026-11-30"),
        ]), response: .empty)
        let request = try await client.request(for: endpoint)
        #expect(request.bodyText == #"{"zeta":1,"mid":"x/y","when":"2026-11-30T08:15:00.000Z","list":[1,2],"day":"2026-11-30"}"#)
    }

    @Test func emptyJSONFields() async throws {
        let endpoint = Endpoint<Empty, Never>(.post, "/x", APIDefaults(), body: .json(fields: [:]), response: .empty)
        #expect(try await client.request(for: endpoint).bodyText == "{}")
    }

    @Test func jsonModel() async throws {
        let request = try await client.request(for: Chirp.createPost(body: NewPost(text: "hi", visibility: .inReview, publishAt: sampleDate)))
        let object = try JSONDecoder().decode([String: String].self, from: try #require(request.httpBody))
        #expect(object == ["text": "hi", "visibility": "in-review", "publish_at": "2026-11-30T08:15:00Z"])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func formFields() async throws {
        let request = try await client.request(for: Chirp.signup(name: "Jane Doe+1&x=y/é", visibility: .inReview))
        #expect(request.bodyText == "name=Jane%20Doe%2B1%26x%3Dy%2F%C3%A9&visibility=in-review")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test func formModel() async throws {
        let profile = Profile(name: "Ann Lee", bio: nil, age: 41, birthday: CalendarDate("1985-03-07"), interests: ["a&b", "c"], status: .banned)
        let request = try await client.request(for: Chirp.updateProfile(body: profile))
        #expect(request.bodyText == "name=Ann%20Lee&age=41&birthday=1985-03-07&interests=a%26b&interests=c&status=BANNED")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test func formModelWithDatesAndWrappers() throws {
        struct Wrapper: Encodable, Sendable {
            var value: String
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value)
            }
        }
        struct Model: Encodable, Sendable {
            var when: Date
            var wrapped: [Wrapper]
            var bytes: [UInt8]
            var flag: Bool
        }
        let body = RequestBody.form(Model(when: sampleDate, wrapped: [Wrapper(value: "w1"), Wrapper(value: "w2")], bytes: [7], flag: true))
        let encoded = try body.encoded(dates: .seconds)
        #expect(String(decoding: encoded.data, as: UTF8.self) == "when=1796026500&wrapped=w1&wrapped=w2&bytes=7&flag=true")
        #expect(body.kind == .form)
    }

    @Test func formModelsNestInTheBracketConvention() async throws {
        struct Outer: Encodable, Sendable {
            var inner: Inner
            var tags: [String]
            var items: [Inner]
            var metadata: [String: String]
            var none: Inner?
        }
        struct Inner: Encodable, Sendable {
            var x: Int
            var when: Date?
        }
        let value = Outer(inner: Inner(x: 1, when: sampleDate), tags: ["a", "b c"], items: [Inner(x: 2), Inner(x: 3)], metadata: ["k": "v"], none: nil)
        let endpoint = Endpoint<Empty, Never>(.post, "/x", APIDefaults(dates: .seconds), body: .form(value), response: .empty)
        let request = try await client.request(for: endpoint)
        #expect(request.bodyText == "inner%5Bx%5D=1&inner%5Bwhen%5D=1796026500&tags=a&tags=b%20c&items%5B0%5D%5Bx%5D=2&items%5B1%5D%5Bx%5D=3&metadata%5Bk%5D=v")
        #expect(throws: EncodingError.self) { try RequestBody.form("just a string").encoded(dates: .iso8601) }
    }

    @Test func multipart() async throws {
        let image = File(data: Data("PNG\r\n--bytes".utf8), filename: "me \"1\".png", contentType: "image/png")
        let request = try await client.request(for: Chirp.uploadAvatar(image: image, caption: "Hello, world"))
        let contentType = try #require(request.value(forHTTPHeaderField: "Content-Type"))
        let parts = try parseMultipart(try #require(request.httpBody), contentType: contentType)
        #expect(parts == [
            ParsedPart(headers: [#"Content-Disposition: form-data; name="image"; filename="me %221%22.png""#, "Content-Type: image/png"], body: "PNG\r\n--bytes"),
            ParsedPart(headers: [#"Content-Disposition: form-data; name="caption""#], body: "Hello, world"),
        ])
        #expect(request.httpMethod == "PUT")
    }

    @Test func aBodyWhoseEveryFieldIsNilIsOmitted() {
        #expect(RequestBody.json(fields: ["a": String?.none]).omittedWhenEmpty == nil)
        #expect(RequestBody.form(fields: ["a": String?.none, "b": Int?.none]).omittedWhenEmpty == nil)
        #expect(RequestBody.multipart(fields: ["f": File?.none]).omittedWhenEmpty == nil)
        #expect(RequestBody.form(fields: ["a": "x"]).omittedWhenEmpty?.kind == .form)
        #expect(RequestBody.json(fields: ["a": 0]).omittedWhenEmpty?.kind == .json)
    }

    @Test func multipartJSONPartsAreJSONWithTheEndpointsDates() throws {
        struct Meta: Encodable, Sendable { var when: Date }
        let body = RequestBody.multipart(fields: ["meta": JSONPart(Meta(when: sampleDate)), "none": JSONPart(nil)])
        let encoded = try body.encoded(dates: .seconds)
        let parts = try parseMultipart(encoded.data, contentType: encoded.contentType)
        #expect(parts == [ParsedPart(headers: [#"Content-Disposition: form-data; name="meta""#, "Content-Type: application/json"], body: #"{"when":1796026500}"#)])
        #expect(throws: EncodingError.self) { try RequestBody.multipart(fields: ["n": JSONPart(Double.nan)]).encoded(dates: .iso8601) }
    }

    @Test func multipartOmitsNilAndRepeatsArrays() async throws {
        let withoutCaption = try await client.request(for: Chirp.uploadAvatar(image: File(data: Data([0xFF, 0x00]))))
        let contentType = try #require(withoutCaption.value(forHTTPHeaderField: "Content-Type"))
        let parts = try parseMultipart(try #require(withoutCaption.httpBody), contentType: contentType)
        #expect(parts.count == 1)
        #expect(parts.first?.headers == [#"Content-Disposition: form-data; name="image""#, "Content-Type: application/octet-stream"])

        let body = RequestBody.multipart(fields: [
            "files": [File(data: Data("a".utf8), filename: "a.txt", contentType: "text/plain"), File(data: Data("b".utf8), filename: "b.txt")],
            "tags": ["x", "y"], "when": sampleDate, "count": 3,
        ])
        let encoded = try body.encoded(dates: .milliseconds)
        let many = try parseMultipart(encoded.data, contentType: encoded.contentType)
        #expect(many.map(\.body) == ["a", "b", "x", "y", "1796026500000", "3"])
        #expect(many.map { $0.headers[0] } == [
            #"Content-Disposition: form-data; name="files"; filename="a.txt""#,
            #"Content-Disposition: form-data; name="files"; filename="b.txt""#,
            #"Content-Disposition: form-data; name="tags""#, #"Content-Disposition: form-data; name="tags""#,
            #"Content-Disposition: form-data; name="when""#, #"Content-Disposition: form-data; name="count""#,
        ])
    }

    @Test func aBodyCanBeSentAsTheMediaTypeItsDocumentDeclares() throws {
        let merge = try RequestBody.json(fields: ["a": 1]).withContentType("application/merge-patch+json").encoded(dates: .iso8601)
        #expect(merge.contentType == "application/merge-patch+json")
        #expect(String(decoding: merge.data, as: UTF8.self) == #"{"a":1}"#)
        let text = try RequestBody.text("é").withContentType("text/csv").encoded(dates: .iso8601)
        #expect(text.contentType == "text/csv")
        #expect(text.data == Data("é".utf8))
        #expect(try RequestBody.text("x").encoded(dates: .iso8601).contentType == "text/plain")
        // A multipart body keeps its boundary after the declared media type.
        let mixed = try RequestBody.multipart(fields: ["a": "1"]).withContentType("multipart/mixed").encoded(dates: .iso8601)
        #expect(mixed.contentType.hasPrefix("multipart/mixed; boundary=specwright-"))
        let boundary = String(mixed.contentType.dropFirst("multipart/mixed; ".count))
        #expect(try parseMultipart(mixed.data, contentType: "multipart/form-data; " + boundary).map(\.body) == ["1"])
        #expect(RequestBody.json(fields: ["a": 1]).withContentType("application/vnd.api+json").kind == .json)
    }

    @Test func aTypedPartCarriesItsContentTypeAndHeaders() throws {
        let body = RequestBody.multipart(fields: [
            "log": TypedPart("line one\n", headers: ["x-log-type": "unstructured", "x-tags": ["a", "b"], "x-none": String?.none]),
            "when": TypedPart([sampleDate, sampleDate], contentType: "text/x-date", headers: ["x-n": 2]),
            "meta": TypedPart(JSONPart(["k": 1]), headers: ["x-v": 1]),
            "gone": TypedPart(String?.none, headers: ["x-a": "b"]),
        ])
        let encoded = try body.encoded(dates: .seconds)
        let parts = try parseMultipart(encoded.data, contentType: encoded.contentType)
        #expect(parts == [
            ParsedPart(headers: [#"Content-Disposition: form-data; name="log""#, "x-log-type: unstructured", "x-tags: a,b"], body: "line one\n"),
            ParsedPart(headers: [#"Content-Disposition: form-data; name="when""#, "Content-Type: text/x-date", "x-n: 2"], body: "1796026500"),
            ParsedPart(headers: [#"Content-Disposition: form-data; name="when""#, "Content-Type: text/x-date", "x-n: 2"], body: "1796026500"),
            ParsedPart(headers: [#"Content-Disposition: form-data; name="meta""#, "Content-Type: application/json", "x-v: 1"], body: #"{"k":1}"#),
        ])
        // A value that would end the header line is an error, as for a request header.
        let evil = RequestBody.multipart(fields: ["log": TypedPart("x", headers: ["x-evil": "a\r\nInjected: 1"])])
        #expect(throws: EncodingError.self) { try evil.encoded(dates: .iso8601) }
    }

    @Test func multipartDataIsABinaryPartWithoutAFileName() throws {
        let encoded = try RequestBody.multipart(fields: ["thumbnail": Data([0x01, 0x02]), "note": "x"]).encoded(dates: .iso8601)
        let parts = try parseMultipart(encoded.data, contentType: encoded.contentType)
        #expect(parts == [
            ParsedPart(headers: [#"Content-Disposition: form-data; name="thumbnail""#, "Content-Type: application/octet-stream"],
                       body: String(decoding: [0x01, 0x02], as: UTF8.self)),
            ParsedPart(headers: [#"Content-Disposition: form-data; name="note""#], body: "x"),
        ])
    }

    @Test func multipartBoundariesDiffer() throws {
        let body = RequestBody.multipart(fields: ["a": "1"])
        let first = try body.encoded(dates: .iso8601)
        let second = try body.encoded(dates: .iso8601)
        #expect(first.contentType != second.contentType)
        #expect(first.contentType.hasPrefix("multipart/form-data; boundary=specwright-"))
    }

    @Test func binaryFile() async throws {
        let file = File(data: Data([9, 8, 7]), filename: "x.bin", contentType: "application/x-thing")
        let request = try await client.request(for: Chirp.uploadFile(body: file))
        #expect(request.httpBody == Data([9, 8, 7]))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-thing")
        let custom = try RequestBody.binary(Data([1]), contentType: "image/gif").encoded(dates: .iso8601)
        #expect(custom.contentType == "image/gif")
        #expect(custom.data == Data([1]))
    }
}
