import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SpecCompiler
import TestSupport
import Testing

/// A FastAPI application's own `/openapi.json` (FastAPI 0.165, Pydantic 2.14, pinned in the test
/// venv), generated, compiled into a program, and called on loopback: every value as FastAPI parsed it.
@Suite struct FastAPIWireTests {
    /// Each call prints one line: what the server answered, as the client decoded it.
    static let program = #"""
        import Foundation
        import Specwright

        let client = APIClient(baseURL: URL(string: CommandLine.arguments[1])!)

        /// What a download's progress said, and the task to cancel once enough has come.
        final class Kept: @unchecked Sendable {
            let lock = NSLock()
            var validator: String?
            var task: _Concurrency.Task<Response<URL>, any Error>?
            func heard(_ progress: TransferProgress) {
                lock.withLock {
                    validator = progress.validator ?? validator
                    if progress.bytes >= 40_000 { task?.cancel() }
                }
            }
        }
        let whole = Data((0..<200_000).map { UInt8(($0 * 7) % 251) })

        let file = File(data: Data("hello\r\n--not-a-boundary".utf8), filename: "notes.txt", contentType: "text/plain")
        let upload = try await client.send(Tasks.upload(file: file, note: "a note, with commas"))
        print("upload \(upload.filename ?? "-")|\(upload.contentType ?? "-")|\(upload.size)|\(upload.note)")
        print("cookie " + (try await client.send(Tasks.preferences(theme: "high-contrast"))).value)
        print("tags " + (try await client.send(Tasks.tags(xTags: ["a", "b c", "d"]))).joined(separator: "|"))
        print("price " + (try await client.send(Tasks.price(amount: "19.990"))).value)
        let sent = try await client.send(Tasks.amounts(body: AmountsInput(total: "12345678901234567.89", fee: "99.90")))
        print("amounts \(sent.parsed ?? "-") \(sent.total) \(sent.fee) \(sent.total == "12345678901234567.89" && sent.fee == "99.90")")
        print("invoice \(try await client.send(Tasks.invoice()).total)")
        print("missing task is nil: \(try await client.send(Tasks.task(taskID: 0)) == nil)")
        guard let task = try await client.send(Tasks.task(taskID: 7)), let due = task.due else { fatalError("task 7 has a due date") }
        print("task \(task.id) \(task.title)")
        print("after " + (try await client.send(Tasks.tasksAfter(after: due))).value)
        print("cleared " + (try await client.send(Tasks.updateTask(taskID: 7, body: TaskUpdate(due: .null)))).value)
        print("retitled " + (try await client.send(Tasks.updateTask(taskID: 7, body: TaskUpdate(title: "Ship it")))).value)
        print("untouched " + (try await client.send(Tasks.updateTask(taskID: 7, body: TaskUpdate()))).value)
        print("repo " + (try await client.send(Tasks.updateRepo(repo: "hello", body: RepoUpdate(name: "renamed")))).value)
        let everything = RepoUpdate(name: "renamed", private: false, hasWiki: true)
        print("repo " + (try await client.send(Tasks.updateRepo(repo: "hello", body: everything, perPage: 30, xTrace: false, theme: "light"))).value)
        print("settings " + (try await client.send(Tasks.updateSettings(repo: "hello"))).value)
        print("settings " + (try await client.send(Tasks.updateSettings(repo: "hello", archived: false))).value)
        let asset = File(data: Data("bytes".utf8), filename: "a.bin", contentType: "application/octet-stream")
        print("asset " + (try await client.send(Tasks.uploadAsset(repo: "hello", file: asset))).value)
        print("asset " + (try await client.send(Tasks.uploadAsset(repo: "hello", file: asset, public: true))).value)
        var chat: [String] = []
        for try await chunk in try await client.send(Tasks.chatCompletions(words: 3)) { chat.append("\(chunk.index):\(chunk.content)") }
        print("chat " + chat.joined(separator: "|"))
        chat = []
        for try await chunk in try await client.send(Tasks.chatCompletions(words: 2, raw: true)) { chat.append("\(chunk.index):\(chunk.content)") }
        print("chat raw " + chat.joined(separator: "|"))
        var history: [String] = []
        for try await event in try await client.send(Tasks.history(taskID: 7)).events {
            history.append("\(event.event)#\(event.id ?? "-")@\(event.retry.map(String.init) ?? "-"):\(event.value.step) \(event.value.message)")
        }
        print("history " + history.joined(separator: "|"))
        // 200 and 206 of bytes: a stream either way.
        var streamed = 0
        for try await piece in try await client.send(Tasks.download(name: "report")) { streamed += piece.count }
        var part = Tasks.download(name: "report")
        part.headers.append((name: "Range", value: "bytes=150000-"))
        let partial = try await client.response(part)
        var partBytes = Data()
        for try await piece in partial.value { partBytes.append(piece) }
        print("download \(streamed) \(partial.statusCode) \(partial.header("Content-Range") ?? "-") \(partBytes == whole.suffix(50_000))")
        // A cancelled download leaves its validator with the caller, who resumes with it later.
        let downloaded = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-download-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: downloaded) }
        let kept = Kept()
        let first = _Concurrency.Task { try await client.download(Tasks.download(name: "resumed"), to: downloaded, progress: kept.heard) }
        kept.lock.withLock { kept.task = first }
        let cancelled = (try? await first.value) == nil
        let left = (try? Data(contentsOf: downloaded))?.count ?? 0
        let validator = kept.lock.withLock { kept.validator }
        let resumed = try await client.download(Tasks.download(name: "resumed").resuming(validator: validator), to: downloaded, resume: true)
        print("resumed \(cancelled) \(left > 0 && left < 200_000) \(validator ?? "-") \(resumed.statusCode) \(try Data(contentsOf: downloaded) == whole)")
        let stale = try await client.download(Tasks.download(name: "resumed").resuming(validator: "\"stale\""), to: downloaded, resume: true)
        print("stale \(stale.statusCode) \(try Data(contentsOf: downloaded) == whole)")
        let asked = try await client.send(Tasks.downloadRequests(name: "resumed")).map { $0.value.replacing(try Regex("=[0-9]+-"), with: "=N-") }
        print("asked " + asked.joined(separator: "|"))
        // A byte stream body: a sequence, bytes in memory and a file.
        let recording = AsyncStream<Data> { continuation in
            for piece in 0..<4 { continuation.yield(Data(repeating: UInt8(piece), count: 100_000)) }
            continuation.finish()
        }
        print("recording " + (try await client.send(Tasks.uploadRecording(name: "live", body: ByteStream(recording)))).value)
        print("recording " + (try await client.send(Tasks.uploadRecording(name: "memory", body: ByteStream(Data(repeating: 7, count: 1000))))).value)
        let recorded = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-recording-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: recorded) }
        try Data((0..<300_000).map { UInt8(($0 * 7) % 251) }).write(to: recorded)
        print("recording " + (try await client.send(Tasks.uploadRecording(name: "file", body: ByteStream(contentsOf: recorded)))).value)
        var progress: [String] = []
        for try await step in try await client.send(Tasks.progress(taskID: 7, steps: 3)) { progress.append("\(step.step):\(step.message)") }
        print("progress " + progress.joined(separator: "|"))
        var exported: [String] = []
        for try await task in try await client.send(Tasks.exportTasks(count: 3)) { exported.append("\(task.id) \(task.title) \(task.due == nil ? "-" : "due")") }
        print("exported " + exported.joined(separator: "|"))
        var log: [String] = []
        for try await event in try await client.send(Tasks.log(taskID: 7)) { log.append("\(event.event)#\(event.id ?? "-"):\(event.data)") }
        print("log " + log.joined(separator: "|"))
        for rows in [5, 5000, 0] {
            switch try await client.send(Tasks.startExport(rows: rows)) {
            case .ok(let export): print("export \(export.rows) \(export.url)")
            case .accepted(let job): print("queued \(job.jobID) at \(job.position)")
            case .noContent: print("nothing to export")
            }
        }
        """#

    @Test func aFastAPIClientCallsEveryOperationAsTheServerExpects() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server/fastapi_app.py")
        let server = try await FastAPIServer.start(script: script)
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-fastapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = folder.appendingPathComponent("openapi.json")
        let (data, _) = try await LoopbackHTTP.data(from: server.url.appendingPathComponent("openapi.json"))
        try data.write(to: document)

        let program = try await WireProgram.build(document: document.path, main: Self.program)
        defer { program.remove() }
        let lines = try await program.run([server.url.absoluteString])
        #expect(lines == [
            // An UploadFile (OpenAPI 3.1's contentMediaType, no `format: binary`) is a file part.
            "upload notes.txt|text/plain|23|a note, with commas",
            "cookie high-contrast",
            // A list-valued header is one header line, its values joined by commas (OpenAPI's
            // `simple` style; URLSession cannot send a header twice). FastAPI reads each line of a
            // repeated header as one element and does not split commas, so it sees one element.
            "tags a,b c,d",
            // A Decimal (`anyOf: [number, string]`) is an ExactDecimal: sent as its text, every
            // digit and the scale, and read from the string Pydantic writes the same way (Pydantic's
            // output schema of a Decimal is a string).
            "price 19.990",
            "amounts 12345678901234567.89|99.90 12345678901234567.89 99.90 true",
            "invoice 1234567890.123456789",
            // `Optional[Task]` is `Task?`: null decodes as nil.
            "missing task is nil: true",
            "task 7 Write the tests",
            // A decoded timestamp goes back with its fraction: the server parses the same instant.
            "after 2026-11-30T09:02:00.250000+00:00",
            // A PATCH field that may be null and need not be there is `Nullable<Date>?`: `.null`
            // sends `"due": null`, which clears it; nil leaves it out.
            "cleared due=None",
            "retitled title='Ship it'",
            "untouched nothing",
            // A default in a request is the server's: nothing the caller did not set is sent, in
            // a JSON body, the query, a header, a cookie, a form or multipart; what it sets is.
            "repo query=- headers=- cookies=- body=name='renamed'",
            "repo query=per_page=30 headers=x-trace cookies=theme body=has_wiki=True,name='renamed',private=False",
            "settings -",
            "settings archived",
            "asset file",
            "asset file,public",
            // 200, 202 and 204 carry different bodies: an enum of outcomes, by the status that came.
            // FastAPI's own streams (OpenAPI's itemSchema in a 3.1 document): events whose data is
            // a model (contentSchema), JSON Lines of a model, and events it does not type.
            // `anyOf: [ChatChunk, {const: "[DONE]"}]` in the events' contentSchema: typed chunks,
            // ended by the sentinel as FastAPI writes it (JSON) and as OpenAI does (raw).
            "chat 0:word0|1:word1|2:word2",
            "chat raw 0:word0|1:word1",
            // Each typed event with its name, id and retry (the id is kept for the next events).
            "history progress#7-0@2000:0 step 0|progress#7-1@-:1 step 1|progress#7-2@-:2 step 2",
            // A file declared 200 and 206 is a byte stream, read as it arrives, whole or in part.
            "download 200000 206 bytes 150000-199999/200000 true",
            // Cancelled halfway, the download's progress had given the ETag; resuming with it
            // asks for the rest only if the file is still that one (If-Range), and appends it.
            #"resumed true true "resumed-v1" 206 true"#,
            // A validator that no longer names the file gets it whole.
            "stale 200 true",
            #"asked - -|bytes=N- "resumed-v1"|bytes=N- "stale""#,
            // (On Linux the sequence is written to a file as it comes and sent with its length:
            // URLSession there cannot send a body as it is produced; see Docs/Benchmarks.md.)
            "recording length 400000 400000 10b20ddf66f9",
            "recording length 1000 1000 df1329c8b6c7",
            "recording length 300000 300000 b1cf7538cf80",
            "progress 0:task 7: step 0|1:task 7: step 1|2:task 7: step 2",
            "exported 0 Task 0 due|1 Task 1 -|2 Task 2 -",
            "log line#1:{\"line\": 1}|end#2:done",
            "export 5 https://files.example.com/export-5.csv",
            "queued job-5000 at 3",
            "nothing to export",
        ])
    }
}
