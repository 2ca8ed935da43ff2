import Foundation
import Specwright
import Testing

/// Reading multipart bodies (RFC 2046, RFC 7578) as servers write them, and decoding models from their parts.
@Suite struct MultipartParsingTests {
    static func body(_ lines: [String], breaking newline: String = "\r\n") -> Data {
        Data(lines.joined(separator: newline).utf8)
    }

    @Test func partsKeepTheirNamesFileNamesHeadersAndBytes() throws {
        let data = Self.body(["preamble to ignore", "--b", #"Content-Disposition: form-data; name="log"; filename="a \"b\".log""#, "X-Log-Type:  unstructured",
                              "", "line 1", "line 2", "", "--b", "content-disposition: form-data; name=tags", "", "", "--b--", "epilogue"])
        let parts = try MultipartParsing.parts(of: data, contentType: #"multipart/form-data; charset=utf-8; boundary="b""#)
        #expect(parts.map(\.name) == ["log", "tags"])
        #expect(parts[0].filename == #"a "b".log"# && parts[0].header("x-log-type") == "unstructured")
        #expect(parts[0].text == "line 1\r\nline 2\r\n") // a part's own last line break is kept
        #expect(parts[1].data.isEmpty && parts[1].filename == nil)
    }

    @Test func lineFeedsAloneAndFoldedHeadersAreReadToo() throws {
        let data = Self.body(["--b", "Content-Disposition: form-data;", "\tname=\"x\"", "", "value", "--b--"], breaking: "\n")
        let parts = try MultipartParsing.parts(of: data, boundary: "b")
        #expect(parts.map(\.name) == ["x"] && parts[0].text == "value")
    }

    @Test func aBoundaryInsideALineIsNotADelimiter() throws {
        let data = Self.body(["--b", "Content-Disposition: form-data; name=\"x\"", "", "a --b in the middle", "--bb not one either", "--b--"])
        let parts = try MultipartParsing.parts(of: data, boundary: "b")
        // `--bb` starts a line but is not `--b` followed by a line break, padding or `--`.
        #expect(parts.first?.text == "a --b in the middle\r\n--bb not one either")
    }

    @Test func bodiesThatAreNotMultipartAreErrorsThatSayWhy() {
        #expect(throws: MultipartParseError.self) { try MultipartParsing.parts(of: Data(), contentType: "application/json") }
        #expect(throws: MultipartParseError.self) { try MultipartParsing.parts(of: Data("--b\r\n\r\nnever closed".utf8), boundary: "b") }
        #expect(throws: MultipartParseError.self) { try MultipartParsing.parts(of: Data("no delimiter at all".utf8), boundary: "b") }
        do {
            _ = try MultipartParsing.parts(of: Self.body(["--b", "not a header", "", "x", "--b--"]), boundary: "b")
            Issue.record("a header without a colon was read")
        } catch {
            #expect(error.description == "Part 1 has a header line without a colon.")
        }
    }

    @Test func whatTheClientWritesItReadsBack() throws {
        var form = MultipartForm()
        form.append(File(data: Data([0, 13, 10, 45, 45]), filename: "x.bin"), named: "file")
        form.append("text\r\n", named: "note")
        let (data, contentType) = try RequestBody.multipart(form).encoded(dates: .iso8601)
        let parts = try MultipartParsing.parts(of: data, contentType: contentType)
        #expect(parts.map(\.name) == ["file", "note"] && parts[0].filename == "x.bin")
        #expect(parts[0].data == Data([0, 13, 10, 45, 45]) && parts[1].text == "text\r\n")
    }

    struct Upload: Decodable, Equatable {
        enum Kind: String, Decodable { case log, trace }
        struct Meta: Decodable, Equatable { var createdAt: Date }
        var log: String
        var kind: Kind
        var count: Int
        var tags: [String]
        var meta: Meta
        var file: File
        var missing: String?
    }

    @Test func aModelIsDecodedFromItsPartsByName() throws {
        let data = Self.body(["--b", #"Content-Disposition: form-data; name="log""#, "", "here be logs", "--b",
                              #"Content-Disposition: form-data; name="kind""#, "", "trace", "--b",
                              #"Content-Disposition: form-data; name="count""#, "", "3", "--b",
                              #"Content-Disposition: form-data; name="tags""#, "", "a", "--b", #"Content-Disposition: form-data; name="tags""#, "", "b", "--b",
                              #"Content-Disposition: form-data; name="meta""#, "Content-Type: application/json", "", #"{"createdAt": "2023-01-18T10:04:11Z"}"#, "--b",
                              #"Content-Disposition: form-data; name="file"; filename="f.png""#, "Content-Type: image/png", "", "PNG", "--b--"])
        let upload = try ResponseDecoding<Upload>.multipart.decode(data, contentType: "multipart/form-data; boundary=b", dates: .iso8601)
        #expect(upload.log == "here be logs" && upload.kind == .trace && upload.count == 3 && upload.tags == ["a", "b"])
        #expect(upload.meta.createdAt == Date(timeIntervalSince1970: 1674036251))
        #expect(upload.file == File(data: Data("PNG".utf8), filename: "f.png", contentType: "image/png") && upload.missing == nil)
        #expect(throws: DecodingError.self) {
            try ResponseDecoding<Upload>.multipart.decode(Self.body(["--b--"]), contentType: "multipart/form-data; boundary=b", dates: .iso8601)
        }
    }
}
