import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Specwright
import Testing

/// Large bodies are never copied by the runtime: a downloaded body reaches the caller in the buffer
/// the transport returned, a binary upload is sent from the caller's buffer, a file upload is
/// memory-mapped, and a multipart body holds each part once.
@Suite struct LargeBodyTests {
    static let api = APIDefaults()
    static let size = 32 << 20

    static func address(_ data: Data) -> UnsafeRawPointer? { data.withUnsafeBytes { $0.baseAddress } }

    @Test func aDownloadedBodyIsTheTransportsBuffer() async throws {
        let body = Data(repeating: 0xAB, count: Self.size)
        let transport = MockTransport()
        transport.on(.get, "/archive", .status(200, body: body))
        let client = APIClient(baseURL: AuthRefreshTests.base, transport: transport,
                               middlewares: [LoggingMiddleware { _ in }, RetryMiddleware(), DeduplicationMiddleware()])
        let received = try await client.send(Endpoint<Data, Never>(.get, "/archive", Self.api, response: .data))
        #expect(received.count == Self.size)
        #expect(Self.address(received) == Self.address(body))
    }

    @Test func aBinaryUploadIsSentFromTheCallersBuffer() async throws {
        let body = Data(repeating: 0xCD, count: Self.size)
        let client = APIClient(baseURL: AuthRefreshTests.base)
        let request = try await client.request(for: Endpoint<Empty, Never>(.put, "/upload", Self.api, body: .binary(body), response: .empty))
        let sent = try #require(request.httpBody)
        #expect(sent.count == Self.size)
        #expect(Self.address(sent) == Self.address(body))
    }

    @Test func aFileUploadIsMemoryMappedAndSentWhole() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("specwright-large-\(UUID().uuidString).bin")
        try Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0) }).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try File(contentsOf: url, contentType: "application/x-test")
        #expect(file.filename == url.lastPathComponent)
        #expect(file.data.count == 1 << 20)
        let client = APIClient(baseURL: AuthRefreshTests.base)
        let request = try await client.request(for: Endpoint<Empty, Never>(.put, "/upload", Self.api, body: .binary(file), response: .empty))
        #expect(request.httpBody == file.data)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-test")
    }

    @Test func aMultipartBodyHoldsEachPartOnceAndItsHeadersOnly() async throws {
        let part = Data(repeating: 0x01, count: Self.size)
        let client = APIClient(baseURL: AuthRefreshTests.base)
        let request = try await client.request(for: Endpoint<Empty, Never>(
            .post, "/upload", Self.api, body: .multipart(fields: ["file": File(data: part, filename: "a.bin"), "note": "n"]), response: .empty))
        let body = try #require(request.httpBody)
        let boundary = try #require(request.value(forHTTPHeaderField: "Content-Type")?.components(separatedBy: "boundary=").last)
        let expectedOverhead = "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n".utf8.count
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nn\r\n".utf8.count + "--\(boundary)--\r\n".utf8.count
        #expect(body.count == Self.size + expectedOverhead)
    }
}
