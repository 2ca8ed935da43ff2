import Foundation
import Specwright

/// A multipart body (boundary `b`) for the multipart parser and the decoder over its parts: reading
/// never traps, reading twice gives the same parts, and the parts with plain names, written again
/// as a request body and read back, keep their names, file names and bytes.
enum MultipartInput {
    /// What decoding tries on every body: each kind of member the decoder reads.
    struct Model: Decodable {
        var text: String?
        var number: Int?
        var texts: [String]?
        var bytes: Data?
        var file: File?
        var object: [String: JSONValue]?
    }

    static func run(_ body: Data) {
        let first = try? MultipartParsing.parts(of: body, boundary: "b")
        let second = try? MultipartParsing.parts(of: body, boundary: "b")
        precondition(first == second, "reading the same body twice gave other parts")
        guard let parts = first else { return }
        _ = try? ResponseDecoding<Model>.multipart.decode(body, contentType: "multipart/form-data; boundary=b", dates: .iso8601)
        let plain = parts.filter { part in
            // The writer escapes `"`, CR and LF as browsers do (`%22`); the reader undoes `%22` only.
            [part.name, part.filename].allSatisfy { text in text.map { !$0.unicodeScalars.contains(where: { "%\\\"\r\n".unicodeScalars.contains($0) }) } ?? true }
                && part.name != nil
        }
        var form = MultipartForm()
        for part in plain { form.append(part.data, named: part.name ?? "", filename: part.filename) }
        guard let (data, contentType) = try? RequestBody.multipart(form).encoded(dates: .iso8601) else {
            preconditionFailure("a form of parts read from a body did not encode")
        }
        let back = (try? MultipartParsing.parts(of: data, contentType: contentType)) ?? []
        precondition(back.map(\.name) == plain.map(\.name) && back.map(\.filename) == plain.map(\.filename) && back.map(\.data) == plain.map(\.data),
                     "parts written again read back otherwise: \(plain.map { ($0.name, $0.filename, $0.data.count) }) became \(back.map { ($0.name, $0.filename, $0.data.count) })")
    }
}
