import Foundation
import SpecCompiler
import SpecDiagnostics
import TestSupport
import Testing

/// Requests that octokit's recorded fixtures of GitHub's API show on the wire, made with the
/// client of GitHub's own document (`../shared/openapi/github-api-2022-06-11.json`, only these
/// operations) and sent to the replay server, which records every byte it received.
@Suite struct GitHubReplayTests {
    static let operations = ["repos/update", "repos/upload-release-asset", "git/get-ref", "git/update-ref"]

    /// Each call is answered with GitHub's 404 (the request is what is checked); then every
    /// request the server received is printed, one per line.
    static let program = #"""
        import Foundation
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif
        import Specwright

        let server = URL(string: CommandLine.arguments[1])!
        let client = APIClient(baseURL: server)
        let notFound = #"{"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}"#

        func answer(_ count: Int) async throws {
            var request = URLRequest(url: server.appendingPathComponent("__answers"))
            request.httpMethod = "POST"
            let answers = Array(repeating: ["status": 404, "headers": [["content-type", "application/json"]], "body": notFound] as [String: Any], count: count)
            request.httpBody = try JSONSerialization.data(withJSONObject: answers)
            _ = try await URLSession.shared.data(for: request)
        }
        func send<Response, Failure>(_ endpoint: Endpoint<Response, Failure>) async {
            do { _ = try await client.send(endpoint) } catch { print("answered \(error.localizedDescription)") }
        }

        try await answer(5)
        // Renaming a repository (octokit's rename-repository fixture) sends the name alone: the
        // document's defaults (private: false, has_wiki: true...) are the server's, not sent.
        await send(GitHubV3RESTAPI.reposUpdate(owner: "octokit-fixture-org", repo: "rename-repository", name: "rename-repository-newname"))
        // Archiving sends what the caller set, a default value too.
        await send(GitHubV3RESTAPI.reposUpdate(owner: "octokit-fixture-org", repo: "archive", archived: true, allowForking: false))
        // A release asset (`*/*` of a string) is the file's bytes, not JSON text, of the type the
        // caller says (octokit's fixture: text/plain). (Its endpoint has
        // a server of its own, uploads.github.com: cleared, it goes to the client's.)
        var upload = GitHubV3RESTAPI.reposUploadReleaseAsset(owner: "octokit-fixture-org", repo: "release-assets", releaseID: 1,
                                                             body: ByteStream(Data("Hello, world!\n".utf8)), name: "test-upload.txt", label: "test")
            .sendingBody(as: "text/plain")
        upload.api.server = nil
        await send(upload)
        // A ref (`x-multi-segment`) keeps its slashes; each segment is still encoded.
        await send(GitHubV3RESTAPI.gitGetRef(owner: "octokit-fixture-org", repo: "git-refs", ref: "heads/test"))
        await send(GitHubV3RESTAPI.gitUpdateRef(owner: "octokit-fixture-org", repo: "git-refs", ref: "heads/a b/../c", sha: "1234"))
        let (data, _) = try await URLSession.shared.data(from: server.appendingPathComponent("__requests"))
        for request in try JSONSerialization.jsonObject(with: data) as! [[String: Any]] {
            let headers = (request["headers"] as! [[String]]).filter { ["content-type", "accept"].contains($0[0]) }
            print("> \(request["method"]!) \(request["target"]!) \(headers.map { "\($0[0]): \($0[1])" }.joined(separator: "; ")) | \((request["body"] as! String).replacingOccurrences(of: "\n", with: "\\n"))")
        }
        """#

    static let notFound = "answered The server answered 404 (Not Found): Not Found"
    /// What the server answered, as the client read it (an operation without a 404 model shows the body).
    static let expected = [
        notFound, notFound, #"answered The server answered 404 (Not Found): {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}"#,
        notFound, #"answered The server answered 404 (Not Found): {"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}"#,
        "> PATCH /repos/octokit-fixture-org/rename-repository accept: application/json; content-type: application/json | {\"name\":\"rename-repository-newname\"}",
        "> PATCH /repos/octokit-fixture-org/archive accept: application/json; content-type: application/json | {\"archived\":true,\"allow_forking\":false}",
        "> POST /repos/octokit-fixture-org/release-assets/releases/1/assets?name=test-upload.txt&label=test accept: application/json; content-type: text/plain | Hello, world!\\n",
        "> GET /repos/octokit-fixture-org/git-refs/git/ref/heads/test accept: application/json | ",
        "> PATCH /repos/octokit-fixture-org/git-refs/git/refs/heads/a%20b/%2E%2E/c accept: application/json; content-type: application/json | {\"sha\":\"1234\"}",
    ]

    @Test(SharedData.needs("openapi", "GitHub's recorded requests, replayed with the client of GitHub's document"))
    func gitHubRequestsAreSentAsItsRecordedTrafficShows() async throws {
        let document = try SharedData.require("openapi").appendingPathComponent("github-api-2022-06-11.json")
        let selection = Self.operations.map { LocatedName(name: $0, location: SourceLocation(file: "test", line: 1, column: 1)) }
        let program = try await WireProgram.build(document: document.path, options: CompilerOptions(operations: selection), main: Self.program)
        defer { program.remove() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server/replay.py")
        let server = try await FastAPIServer.start(script: script, probe: "/__requests")
        defer { server.stop() }
        let lines = try await program.run([server.url.absoluteString])
        #expect(lines == Self.expected)
    }
}
