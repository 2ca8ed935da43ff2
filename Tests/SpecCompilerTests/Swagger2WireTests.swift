import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SpecCompiler
import TestSupport
import Testing

/// The Swagger 2.0 documents two frameworks write of their own services, a flask-restx application
/// and a Django REST framework one documented by drf-yasg (pinned in the test venv,
/// `Tests/SpecCompilerTests/Server`), generated, compiled into a program, and called on loopback:
/// every parameter place and collectionFormat, forms, a file, auth, a `default` error and a
/// discriminated hierarchy, each value as the framework parsed it and as the client read it back.
@Suite struct Swagger2WireTests {
    /// The calls, one printed line each; `ARRAYS` is the `arrays` call (its arguments are in the
    /// order each document lists its parameters).
    static let program = #"""
        import Foundation
        import Specwright

        let base = URL(string: CommandLine.arguments[1])!
        let client = APIClient(baseURL: base)
        func show(_ values: [String]?) -> String { values.map { $0.joined(separator: "|") } ?? "-" }

        let lookup = try await client.send(Shop.getItem(itemID: 7, verbose: true, xRequestID: "r-42"))
        print("item \(lookup.itemID) \(lookup.verbose) \(lookup.requestID ?? "-")")
        let plain = try await client.send(Shop.getItem(itemID: 8))
        print("item \(plain.itemID) \(plain.verbose) \(plain.requestID ?? "-")")
        let listed = try await client.response(Shop.listItems(status: .available, limit: 1))
        let counts = Shop.ListItemsHeaders(listed)
        print("items \(listed.value.map { "\($0.id) \($0.name) \($0.status.rawValue) \(show($0.tags))" }.joined(separator: ", ")) rate \(counts.xRateLimit ?? -1) total \(counts.xTotalCount ?? -1)")
        let sold = try await client.send(Shop.listItems(status: .sold))
        print("sold \(sold.map { "\($0.name) note \($0.note ?? "nil")" }.joined(separator: ", "))")
        let created = try await client.send(Shop.createItem(body: Item(id: 5, name: "Vase", status: .pending, tags: ["a", "b c"])))
        print("created \(created.id) \(created.name) \(created.status.rawValue) \(show(created.tags)) price \(created.price.map { "\($0)" } ?? "nil") note \(created.note ?? "nil")")
        let arrays = try await client.send(ARRAYS)
        print("arrays csv \(show(arrays.csv)) ssv \(show(arrays.ssv)) tsv \(show(arrays.tsv)) pipes \(arrays.pipes.map { $0.map(String.init).joined(separator: "|") } ?? "-") multi \(show(arrays.multi))")
        print("query \(arrays.query)")
        let inPath = try await client.send(Shop.pathArrays(ids: [1, 2, 3], xTags: ["a", "b"]))
        print("path \(inPath.ids.map(String.init).joined(separator: "|")) tags \(show(inPath.tags))")
        let file = File(data: Data("hello\r\n--x".utf8), filename: "notes.txt", contentType: "text/plain")
        let upload = try await client.send(Shop.uploadFile(file: file, note: "a note, with commas"))
        print("upload \(upload.filename) \(upload.contentType) \(upload.size) \(upload.note)")
        let form = try await client.send(Shop.submitForm(name: "Ann Lee", count: 3, colors: ["red", "green"], sizes: [.s, .l]))
        print("form \(form.name) \(form.count.map(String.init) ?? "-") \(show(form.colors)) \(show(form.sizes))")
        print("form body \(form.body)")
        let tea = try await client.send(Shop.brewTea(kind: .green))
        print("tea \(tea.kind.rawValue) \(tea.cups)")
        do {
            _ = try await client.send(Shop.brewTea(kind: .oolong, fail: true))
            print("tea failed to fail")
        } catch {
            print("tea error \(error.statusCode ?? 0) \(error.model.map { "\($0.code) \($0.message) \($0.detail ?? "-")" } ?? "no model")")
        }
        let withBasic = APIClient(baseURL: base, credentials: StaticCredentials(basic: ("ann", "s3cret")))
        let basic = try await withBasic.send(Shop.basicAuth())
        print("basic \(basic.scheme) \(basic.user ?? "-") \(basic.password ?? "-")")
        let withKey = APIClient(baseURL: base, credentials: StaticCredentials(apiKey: "k-123"))
        print("key \(try await withKey.send(Shop.apiKeyHeader()).key ?? "-") \(try await withKey.send(Shop.apiKeyQuery()).key ?? "-")")
        do {
            _ = try await client.send(Shop.basicAuth())
            print("sent without credentials")
        } catch {
            if case .missingCredentials = error { print("no credentials, not sent") } else { print("unexpected \(error)") }
        }
        func describe(_ pet: Pet) -> String {
            switch pet {
            case .cat(let cat): "cat \(cat.name) \(cat.huntingSkill.rawValue)"
            case .dog(let dog): "dog \(dog.name) \(dog.packSize)"
            }
        }
        print("pet \(describe(try await client.send(Shop.createPet(body: .cat(Cat(name: "Tom", huntingSkill: .adventurous))))))")
        print("pet \(describe(try await client.send(Shop.createPet(body: .dog(Dog(name: "Rex", packSize: 4))))))")
        print("pets \(try await client.send(Shop.listPets()).map(describe).joined(separator: ", "))")
        """#

    /// What each call prints, the same from both frameworks but for the query as sent (`query`:
    /// its parameters in the order of the document).
    static func expected(query: String) -> [String] { [
        "item 7 true r-42",
        "item 8 false -",
        "items 1 Lamp available home|light rate 99 total 2",
        // `x-nullable` (drf-yasg) or not (flask-restx), a null note reads as nil.
        "sold Desk note nil",
        "created 5 Vase pending a|b c price nil note nil",
        // Each collectionFormat exactly: the server splits the raw values itself.
        "arrays csv a|b ssv a|b tsv a|b c pipes 1|2 multi x|y",
        "path 1|2|3 tags a|b",
        "upload notes.txt text/plain 10 a note, with commas",
        "form Ann Lee 3 red|green S|L",
        "form body name=Ann%20Lee&count=3&colors=red%2Cgreen&sizes=S&sizes=L",
        "tea green 2",
        // Documented only as `default`: the error model, whatever the status.
        "tea error 418 418 I'm a teapot kind=oolong",
        "basic basic ann s3cret",
        "key k-123 k-123",
        "no credentials, not sent",
        // The discriminator base is a union of its allOf descendants, tagged by `petType`.
        "pet cat Tom adventurous",
        "pet dog Rex 4",
        "pets cat Tom lazy, dog Rex 3",
    ].flatMap { $0.hasPrefix("arrays ") ? [$0, "query " + query] : [$0] } }

    @Test func aFlaskRESTXClientCallsEveryOperationAsTheServerExpects() async throws {
        let lines = try await Self.run("flask_restx_app.py", arrays: "Shop.arrays(csv: [\"a\", \"b\"], multi: [\"x\", \"y\"], ssv: [\"a\", \"b\"], tsv: [\"a\", \"b c\"], pipes: [1, 2])")
        #expect(lines == Self.expected(query: "csv=a%2Cb&multi=x&multi=y&ssv=a%20b&tsv=a%09b%20c&pipes=1%7C2"))
    }

    @Test func aDjangoRESTFrameworkClientCallsEveryOperationAsTheServerExpects() async throws {
        let lines = try await Self.run("drf_app.py", arrays: "Shop.arrays(csv: [\"a\", \"b\"], ssv: [\"a\", \"b\"], tsv: [\"a\", \"b c\"], pipes: [1, 2], multi: [\"x\", \"y\"])")
        #expect(lines == Self.expected(query: "csv=a%2Cb&ssv=a%20b&tsv=a%09b%20c&pipes=1%7C2&multi=x&multi=y"))
    }

    /// Starts the application, generates the client of the document it serves, and runs the program.
    static func run(_ app: String, arrays: String) async throws -> [String] {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server/\(app)")
        let server = try await FastAPIServer.start(script: script, probe: "/swagger.json")
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-swagger2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("swagger.json")
        let (data, _) = try await LoopbackHTTP.data(from: server.url.appendingPathComponent("swagger.json"))
        try data.write(to: document)
        let program = try await WireProgram.build(document: document.path, main: Self.program.replacingOccurrences(of: "ARRAYS", with: arrays))
        defer { program.remove() }
        return try await program.run([server.url.absoluteString])
    }
}
