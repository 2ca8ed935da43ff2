import Foundation
import TestSupport
import Testing

/// A spec's `= value` is the client's and is sent; `serverDefault:` is the server's, documented and
/// never sent. Path parameters in the `segments` style keep their slashes.
@Suite struct ServerDefaultSnippetTests {
    @Test func aServerDefaultIsDocumentedAndNotSentWhereTheSpecsOwnDefaultIs() throws {
        let files = try SnippetTests.generate("""
            models:
              Settings:
                fields:
                  per_page: Int = 20
                  wiki: { type: "Bool?", serverDefault: true, description: Whether the wiki is on. }
            endpoints:
              list:
                request: GET /items/{ref}
                path:
                  ref: String
                styles:
                  ref: segments
                query:
                  page: Int = 1
                  per_page: { type: "Int?", serverDefault: 30 }
                response: Settings
            """)
        let endpoints = try #require(files["SnipEndpoints.swift"])
        #expect(endpoints.contains("""
                /// `GET /items/{ref}`
                ///
                /// - Parameter perPage: The server's default: `30`.
                public static func list(ref: String, page: Int = 1, perPage: Int? = nil) -> Endpoint<Settings, Never> {
                    Endpoint(
                        .get, "/items/\\(ref, style: .segments)", Snip.api,
                        query: ["page": page, "per_page": perPage],
            """))
        let models = try #require(files["SnipModels.swift"])
        let settings = try #require(SnippetTests.declaration("public struct Settings", in: models))
        #expect(settings.contains("""
                /// Whether the wiki is on.
                ///
                /// The server's default: `true`.
                public var wiki: Bool?

                public init(perPage: Int = 20, wiki: Bool? = nil) {
            """))
        // A response without the key reads the server's default; a request leaves a nil out.
        #expect(settings.contains(#"self.wiki = try container.decodeIfPresent("wiki", as: Bool.self) ?? true"#))
        #expect(settings.contains(#""wiki": self.wiki"#))
    }
}
