import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SpecCompiler
import TestSupport
import Testing

/// The wire expectations of swift-openapi-generator's `PetstoreConsumerTests` (its client tests,
/// read and restated, not copied), replayed against the client generated from the same document
/// (`../shared/openapi/generator-ref-petstore.yaml`): a Python `http.server` answers each call
/// with the response the peer's test scripts and records the request it parsed.
@Suite struct PetstoreReplayTests {
    /// Each call scripts its answer, sends, and prints what it decoded; then every request the
    /// server parsed is printed, one JSON object per line.
    static let program = #"""
        import Foundation
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif
        import Specwright

        let server = URL(string: CommandLine.arguments[1])!
        // The document's relative server (`/api`), on the test server's host.
        let client = APIClient(baseURL: try Petstore.Servers.server2(relativeTo: server))

        func answer(_ status: Int, _ headers: [[String]] = [], _ body: String = "") async throws {
            var request = URLRequest(url: server.appendingPathComponent("__answers"))
            request.httpMethod = "POST"
            request.httpBody = try JSONSerialization.data(withJSONObject: [["status": status, "headers": headers, "body": body]])
            _ = try await URLSession.shared.data(for: request)
        }
        func failure<Failure>(_ error: APIError<Failure>) -> String {
            guard case .status(let status) = error else { return "\(error)" }
            return "status \(status.statusCode) model \(status.model.map { "\($0)" } ?? "-") body \(String(decoding: status.data, as: UTF8.self))"
        }

        let since = Date(timeIntervalSince1970: 1674036251)
        // listPets_200: parameters in the document's order, repeated array items, a colon-escaped
        // date; typed response headers. (The document makes `filter` required since the peer's test.)
        try await answer(200, [["content-type", "application/json"], ["my-response-uuid", "abcd"], ["my-tracing-header", "1234"]],
                         "[{\"id\": 1, \"name\": \"Fluffz\"}]")
        let pets = try await client.response(Petstore.listPets(limit: 24, habitat: .water, feeds: [.herbivore, .carnivore],
                                                               filter: ListPetsFilter(name: "Fluffz"), since: since,
                                                               myRequestUUID: UUID(uuidString: "9C5B94B1-35AD-49BB-B118-8E8FC24ABF80")!))
        let listHeaders = Petstore.ListPetsHeaders(pets)
        print("listPets \(pets.value.map { "\($0.id) \($0.name)" }) \(listHeaders.myResponseUUID ?? "-") \(listHeaders.myTracingHeader ?? "-")")
        // listPets_default: a 400 decodes as the default error model, its free-form object kept.
        try await answer(400, [["content-type", "application/json"]], "{\"code\": 1, \"me$sage\": \"Oh no!\", \"userData\": {\"one\" : 1}}")
        do {
            _ = try await client.send(Petstore.listPets(limit: 24, filter: ListPetsFilter(name: "Fluffz")))
        } catch {
            guard case .status(let status) = error, let model = status.model else { fatalError("\(error)") }
            print("listPets default \(status.statusCode) \(model.code) \(model.mesage) \(model.userData?["one"] == 1)")
        }
        // createPet_201: a header parameter with JSON content is JSON; so is the response header.
        try await answer(201, [["content-type", "application/json; charset=utf-8"], ["x-extra-arguments", "{\"code\":1}"]],
                         "{\"id\": 1, \"name\": \"Fluffz\"}")
        let created = try await client.response(Petstore.createPet(body: CreatePetRequest(name: "Fluffz"), xExtraArguments: CodeError(code: 1)))
        print("createPet \(created.statusCode) \(created.value.id) \(created.value.name) \(Petstore.CreatePetHeaders(created).xExtraArguments?.code ?? -1)")
        // createPet_400: the 4XX range, with the header the server sent.
        try await answer(400, [["content-type", "application/json; charset=utf-8"], ["x-reason", "bad luck"]], "{\"code\": 1}")
        do {
            _ = try await client.send(Petstore.createPet(body: CreatePetRequest(name: "Fluffz")))
        } catch {
            guard case .status(let status) = error else { fatalError("\(error)") }
            print("createPet 4XX \(status.statusCode) \(status.model?.code ?? -1) \(status.headers.first { $0.key.lowercased() == "x-reason" }?.value ?? "-")")
        }
        // createPet_201_withBase64: bytes in a base64 string, sent and read back.
        let genome = Data("\"GACTATTCATAGAGTTTCACCTCAGGAGAGAGAAGTAAGCATTAGCAGCTGC\"".utf8)
        try await answer(201, [["content-type", "application/json; charset=utf-8"]],
                         "{\"id\": 1, \"genome\": \"IkdBQ1RBVFRDQVRBR0FHVFRUQ0FDQ1RDQUdHQUdBR0FHQUFHVEFBR0NBVFRBR0NBR0NUR0Mi\", \"name\": \"Fluffz\"}")
        let withGenome = try await client.send(Petstore.createPet(body: CreatePetRequest(name: "Fluffz", genome: genome)))
        print("genome round trip \(withGenome.genome == genome)")
        // createPetWithForm_204: a form body; no Accept for an answer without content.
        try await answer(204)
        try await client.send(Petstore.createPetWithForm(name: "Fluffz"))
        print("createPetWithForm")
        // updatePet_204 with and without the optional body: none sent at all without one.
        try await answer(204, [["content-type", "application/json"]])
        try await client.send(Petstore.updatePet(petID: 1, name: "Fluffz"))
        try await answer(204, [["content-type", "application/json"]])
        try await client.send(Petstore.updatePet(petID: 1))
        print("updatePet twice")
        // updatePet_400: the explicit status's error model.
        try await answer(400, [["content-type", "application/json"]], "{\"message\" : \"Oh no!\"}")
        do { try await client.send(Petstore.updatePet(petID: 1)) } catch { print("updatePet \(failure(error))") }
        // getStats: one status, three bodies, chosen by Content-Type; Accept lists all three,
        // and a caller's Accept replaces it.
        for (contentType, body) in [("application/json", "{\"count\" : 1}"), (nil, "{\"count\" : 1}"),
                                    ("text/plain", "count is 1"), ("application/octet-stream", "count_is_1")] {
            try await answer(200, contentType.map { [["content-type", $0]] } ?? [], body)
            switch try await client.send(Petstore.getStats()) {
            case .okJSON(let stats): print("stats json \(stats.count)")
            case .okText(let text): print("stats text \(text)")
            case .okData(let data): print("stats data \(String(decoding: data, as: UTF8.self))")
            }
        }
        try await answer(200, [["content-type", "text/plain"]], "count is 1")
        if case .okText(let text) = try await client.send(Petstore.getStats().accepting("text/plain, application/json; q=0.500")) {
            print("stats chosen \(text)")
        }
        // postStats_202: a JSON body.
        try await answer(202)
        try await client.send(Petstore.postStats(body: .json(PetStats(count: 1))))
        // postStats_202 as text and as bytes: the caller chooses the media type.
        try await answer(202)
        try await client.send(Petstore.postStats(body: .text("count is 1")))
        try await answer(202)
        try await client.send(Petstore.postStats(body: .data(Data("count_is_1".utf8))))
        print("postStats")
        // probe_204: the trailing slash kept, nothing else sent.
        try await answer(204)
        try await client.send(Petstore.probe())
        print("probe")
        // probe_undocumented: a status the document does not list fails with the raw body.
        try await answer(503, [], "oh no")
        do { try await client.send(Petstore.probe()) } catch { print("probe \(failure(error))") }
        // uploadAvatarForPet: bytes up, bytes down (a ByteStream: application/octet-stream is the one
        // success body); 412's JSON string is its error model; 500's text is the raw body.
        try await answer(200, [["content-type", "application/octet-stream"]], "efgh")
        print("avatar \(String(decoding: try await client.send(Petstore.uploadAvatarForPet(petID: 1, body: ByteStream(Data("abcd".utf8)))).collect(upTo: 1 << 20), as: UTF8.self))")
        try await answer(412, [["content-type", "application/json"]], "\"efgh\"")
        do { _ = try await client.send(Petstore.uploadAvatarForPet(petID: 1, body: ByteStream(Data("abcd".utf8)))) } catch { print("avatar \(failure(error))") }
        try await answer(500, [["content-type", "text/plain"]], "efgh")
        do { _ = try await client.send(Petstore.uploadAvatarForPet(petID: 1, body: ByteStream(Data("abcd".utf8)))) } catch { print("avatar \(failure(error))") }

        // multipartUploadTyped_202: the text part with its own `x-log-type` header, the object
        // part as JSON, the array as one part per element.
        try await answer(202)
        try await client.send(Petstore.multipartUploadTyped(log: "here be logs!\nand more lines\nwheee\n", logXLogType: .unstructured,
                                                             metadata: MultipartUploadTypedBodyMetadata(createdAt: since), keyword: ["fun", "joy"]))
        print("multipartUploadTyped")
        // The same with a file name for the text part, the parts in the caller's order, and a
        // part the document does not declare.
        try await answer(202)
        try await client.send(Petstore.multipartUploadTyped(log: "here be logs!", metadata: MultipartUploadTypedBodyMetadata(createdAt: since), keyword: ["fun"])
            .multipart { form in
                form.setFilename("process.log", forPartsNamed: "log")
                form.move(partsNamed: "keyword", before: "log")
                form.append("undeclared", named: "extra", filename: "extra.txt")
            })
        print("multipartUploadTyped reordered")
        // multipartDownloadTyped_200: a multipart answer decoded into its declared parts, and
        // read as parts with their headers.
        let parts = ["--__X_BOUNDARY__", "Content-Disposition: form-data; name=\"log\"", "x-log-type: unstructured", "",
                     "here be logs!\nand more lines\nwheee\n", "--__X_BOUNDARY__",
                     "Content-Disposition: form-data; name=\"metadata\"; filename=\"process.json\"", "Content-Type: application/json; charset=utf-8", "",
                     "{\"createdAt\":\"2023-01-18T10:04:11Z\"}", "--__X_BOUNDARY__", "Content-Disposition: form-data; name=\"keyword\"", "", "fun",
                     "--__X_BOUNDARY__", "Content-Disposition: form-data; name=\"keyword\"", "", "joy", "--__X_BOUNDARY__--", ""].joined(separator: "\r\n")
        try await answer(200, [["content-type", "multipart/form-data; boundary=__X_BOUNDARY__"]], parts)
        let typed = try await client.send(Petstore.multipartDownloadTyped())
        print("multipartDownloadTyped \(typed.log.debugDescription) \(typed.metadata?.createdAt == since) \(typed.keyword ?? [])")
        try await answer(200, [["content-type", "multipart/form-data; boundary=__X_BOUNDARY__"]], parts)
        let received = try await client.send(Petstore.multipartDownloadTyped().receivingParts())
        print("parts " + received.map { "\($0.name ?? "-")[\($0.header("x-log-type") ?? "-")]\($0.filename.map { " " + $0 } ?? "")" }.joined(separator: "|"))

        var request = URLRequest(url: server.appendingPathComponent("__requests"))
        request.httpMethod = "GET"
        let (recorded, _) = try await URLSession.shared.data(for: request)
        for item in try JSONSerialization.jsonObject(with: recorded) as? [[String: Any]] ?? [] {
            let headers = (item["headers"] as? [[String]] ?? [])
                .filter { ["accept", "content-type", "my-request-uuid", "x-extra-arguments"].contains($0[0]) }
                .map { "\($0[0]): \($0[1])" }.joined(separator: "; ")
            if let parts = item["parts"] as? [[String: Any]] {
                print("> \(item["method"] ?? "") \(item["target"] ?? "") multipart")
                for part in parts {
                    let partHeaders = (part["headers"] as? [[String]] ?? []).map { "\($0[0]): \($0[1])" }.joined(separator: "; ")
                    let filename = (part["filename"] as? String).map { " (\($0))" } ?? ""
                    print(">   \(part["name"] ?? "")\(filename) [\(partHeaders)] \((part["text"] as? String ?? "").debugDescription)")
                }
                continue
            }
            let body = item["json"] as? String ?? item["body"] as? String ?? ""
            print("> \(item["method"] ?? "") \(item["target"] ?? "") [\(headers)] \(body)")
        }
        """#

    static let expected = [
        "listPets [\"1 Fluffz\"] abcd 1234",
        "listPets default 400 1 Oh no! true",
        "createPet 201 1 Fluffz 1",
        "createPet 4XX 400 1 bad luck",
        "genome round trip true",
        "createPetWithForm",
        "updatePet twice",
        "updatePet status 400 model UpdatePetError400(message: \"Oh no!\") body {\"message\" : \"Oh no!\"}",
        "stats json 1",
        "stats json 1",
        "stats text count is 1",
        "stats data count_is_1",
        "stats chosen count is 1",
        "postStats",
        "probe",
        "probe status 503 model - body oh no",
        "avatar efgh",
        "avatar status 412 model efgh body \"efgh\"",
        "avatar status 500 model - body efgh",
        "multipartUploadTyped",
        "multipartUploadTyped reordered",
        #"multipartDownloadTyped "here be logs!\nand more lines\nwheee\n" true ["fun", "joy"]"#,
        "parts log[unstructured]|metadata[-] process.json|keyword[-]|keyword[-]",
        // The requests as the server parsed them: method, target, the headers the peer's tests
        // check, the body (JSON as canonical JSON). Where the client sets no Accept (an answer
        // without content), URLSession sends its own `*/*`.
        "> GET /api/pets?limit=24&habitat=water&feeds=herbivore&feeds=carnivore&filter%5Bname%5D=Fluffz&since=2023-01-18T10%3A04%3A11Z [accept: application/json; my-request-uuid: 9c5b94b1-35ad-49bb-b118-8e8fc24abf80] ",
        "> GET /api/pets?limit=24&filter%5Bname%5D=Fluffz [accept: application/json] ",
        "> POST /api/pets [accept: application/json; content-type: application/json; x-extra-arguments: {\"code\":1}] {\"name\":\"Fluffz\"}",
        "> POST /api/pets [accept: application/json; content-type: application/json] {\"name\":\"Fluffz\"}",
        "> POST /api/pets [accept: application/json; content-type: application/json] {\"genome\":\"IkdBQ1RBVFRDQVRBR0FHVFRUQ0FDQ1RDQUdHQUdBR0FHQUFHVEFBR0NBVFRBR0NBR0NUR0Mi\",\"name\":\"Fluffz\"}",
        "> POST /api/pets/create [accept: */*; content-type: application/x-www-form-urlencoded] name=Fluffz",
        "> PATCH /api/pets/1 [accept: application/json; content-type: application/json] {\"name\":\"Fluffz\"}",
        "> PATCH /api/pets/1 [accept: application/json] ",
        "> PATCH /api/pets/1 [accept: application/json] ",
        "> GET /api/pets/stats [accept: application/json, text/plain, application/octet-stream] ",
        "> GET /api/pets/stats [accept: application/json, text/plain, application/octet-stream] ",
        "> GET /api/pets/stats [accept: application/json, text/plain, application/octet-stream] ",
        "> GET /api/pets/stats [accept: application/json, text/plain, application/octet-stream] ",
        "> GET /api/pets/stats [accept: text/plain, application/json; q=0.500] ",
        "> POST /api/pets/stats [accept: */*; content-type: application/json] {\"count\":1}",
        "> POST /api/pets/stats [accept: */*; content-type: text/plain] count is 1",
        "> POST /api/pets/stats [accept: */*; content-type: application/octet-stream] count_is_1",
        "> POST /api/probe/ [accept: */*] ",
        "> POST /api/probe/ [accept: */*] ",
        "> PUT /api/pets/1/avatar [accept: application/octet-stream, application/json, text/plain; content-type: application/octet-stream] abcd",
        "> PUT /api/pets/1/avatar [accept: application/octet-stream, application/json, text/plain; content-type: application/octet-stream] abcd",
        "> PUT /api/pets/1/avatar [accept: application/octet-stream, application/json, text/plain; content-type: application/octet-stream] abcd",
        "> POST /api/pets/multipart-typed multipart",
        ">   log [x-log-type: unstructured] \"here be logs!\\nand more lines\\nwheee\\n\"",
        ">   metadata [content-type: application/json] \"{\\\"createdAt\\\":\\\"2023-01-18T10:04:11Z\\\"}\"",
        ">   keyword [] \"fun\"",
        ">   keyword [] \"joy\"",
        "> POST /api/pets/multipart-typed multipart",
        ">   keyword [] \"fun\"",
        ">   log (process.log) [] \"here be logs!\"",
        ">   metadata [content-type: application/json] \"{\\\"createdAt\\\":\\\"2023-01-18T10:04:11Z\\\"}\"",
        ">   extra (extra.txt) [] \"undeclared\"",
        "> GET /api/pets/multipart-typed [accept: multipart/form-data] ",
        "> GET /api/pets/multipart-typed [accept: multipart/form-data] ",
    ]

    @Test(SharedData.needs("openapi", "swift-openapi-generator's petstore consumer expectations, replayed on the wire"))
    func petstoreConsumerExpectationsHoldOnTheWire() async throws {
        let document = try SharedData.require("openapi").appendingPathComponent("generator-ref-petstore.yaml")
        let program = try await WireProgram.build(document: document.path, main: Self.program)
        defer { program.remove() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server/replay.py")
        let server = try await FastAPIServer.start(script: script, probe: "/__requests")
        defer { server.stop() }
        let lines = try await program.run([server.url.absoluteString])
        #expect(lines == Self.expected)
    }
}
