import Foundation

/// A FastAPI application (`Tests/SpecCompilerTests/Server/fastapi_app.py`) under uvicorn, or
/// another Python server script (`replay.py`), on a loopback port, from the test venv that `Scripts/httpbin setup` fills (`SPECWRIGHT_VENV`, else
/// `.build/venv`). It ends with the test process, or at ``LoopbackProcess/stop()``.
public enum FastAPIServer {
    /// Why the server did not start.
    public struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The venv's Python.
    static var python: URL {
        let venv = ProcessInfo.processInfo.environment["SPECWRIGHT_VENV"] ?? ".build/venv"
        let folder = venv.hasPrefix("/") ? URL(fileURLWithPath: venv) : SharedData.packageRoot.appendingPathComponent(venv)
        return folder.appendingPathComponent("bin/python")
    }

    /// Starts the application in `script`, ready once `probe` answers.
    public static func start(script: URL, probe: String = "/openapi.json") async throws -> LoopbackProcess {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw Unavailable(description: "no Python at \(python.path); run Scripts/httpbin setup (Scripts/test does)")
        }
        let command = { (port: Int) in [python.path, script.path, "--port", "\(port)", "--parent", "\(getpid())"] }
        guard let server = try await LoopbackProcess.start(command, probe: probe, seconds: 30) else {
            throw Unavailable(description: "the FastAPI application did not start on any of 20 ports (is FastAPI in the venv of \(python.path)? Scripts/httpbin setup installs it)")
        }
        return server
    }
}
