import Foundation
import SpecCompiler
import SpecCore
import SpecIR
import TestSupport
import Testing

/// One construct in, the exact Swift out: the smallest unit beside the whole-spec goldens.
@Suite struct SnippetTests {
    /// The files a spec of `body` (below the header lines) generates, by name.
    static func generate(_ body: String, name: String = "Snip") throws -> [String: String] {
        let spec = "spec: 1\nname: \(name)\n" + body
        let result = SpecCompiler.compile(path: "spec.yaml", templates: try #require(Golden.templates)) { _ in Array(spec.utf8) }
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics.sorted.map(\.description))")
        return Dictionary(uniqueKeysWithValues: result.files.map { ($0.name, $0.contents) })
    }

    /// The top-level declaration that starts with `start` (doc comment included), up to its closing brace.
    static func declaration(_ start: String, in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard var first = lines.firstIndex(where: { $0.hasPrefix(start) }) else { return nil }
        while first > 0, lines[first - 1].hasPrefix("///") || lines[first - 1].hasPrefix("@") { first -= 1 }
        guard let last = lines[first...].firstIndex(where: { $0 == "}" }) else { return nil }
        return lines[first...last].joined(separator: "\n")
    }

    @Test func aStructCodesThroughWireKeys() throws {
        let files = try Self.generate("""
            models:
              Tag:
                description: A label on a note.
                fields:
                  label_id: Int
                  name: String?
                  pinned: Bool = false
            """)
        let text = try #require(files["SnipModels.swift"])
        #expect(Self.declaration("public struct Tag", in: text) == """
            /// A label on a note.
            public struct Tag: Codable, Hashable, Sendable {
                public var labelID: Int
                public var name: String?
                public var pinned: Bool

                public init(labelID: Int, name: String? = nil, pinned: Bool = false) {
                    self.labelID = labelID
                    self.name = name
                    self.pinned = pinned
                }

                public init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: WireKey.self)
                    self.labelID = try container.decode("label_id", as: Int.self)
                    self.name = try container.decodeIfPresent("name", as: String.self)
                    self.pinned = try container.decodeIfPresent("pinned", as: Bool.self) ?? false
                }

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: WireKey.self)
                    try container.encode(members: ["label_id": self.labelID, "name": self.name, "pinned": self.pinned])
                }
            }
            """)
    }

    @Test func digitGroupsStayApartInEnumCases() throws {
        let files = try Self.generate("""
            models:
              Model:
                enum: [gpt-4-0314, gpt-3.5-turbo-16k, IN_PROGRESS]
            """)
        let text = try #require(files["SnipModels.swift"])
        let declaration = try #require(Self.declaration("public enum Model", in: text))
        #expect(declaration.contains("    case gpt4_0314, gpt3_5Turbo16k, inProgress\n"))
        #expect(declaration.contains("        case .gpt3_5Turbo16k: \"gpt-3.5-turbo-16k\"\n"))
        #expect(declaration.contains("    private static let listed = rawValueTable([.gpt4_0314, .gpt3_5Turbo16k, .inProgress])\n"))
    }

    @Test func aLongFactoryBreaksOneParameterPerLineAndDocumentsItsParameters() throws {
        let files = try Self.generate("""
            models:
              Ticket:
                fields:
                  id: Int
            endpoints:
              searchSupportTickets:
                request: GET /support/tickets
                description: The tickets that match, newest first.
                query:
                  status_filter: { type: String?, description: "Only tickets in this state." }
                  per_page: { type: Int, default: 20, description: How many tickets a page holds. }
                  assigned_user_id: String?
                response: "[Ticket]"
            """)
        let text = try #require(files["SnipEndpoints.swift"])
        let start = try #require(text.range(of: "    /// The tickets that match, newest first."))
        let end = try #require(text.range(of: "\n    }\n", range: start.upperBound..<text.endIndex))
        #expect(String(text[start.lowerBound..<end.upperBound]) == """
                /// The tickets that match, newest first.
                ///
                /// `GET /support/tickets`
                ///
                /// - Parameter statusFilter: Only tickets in this state.
                /// - Parameter perPage: How many tickets a page holds.
                public static func searchSupportTickets(
                    statusFilter: String? = nil,
                    perPage: Int = 20,
                    assignedUserID: String? = nil
                ) -> Endpoint<[Ticket], Never> {
                    Endpoint(
                        .get, "/support/tickets", Snip.api,
                        query: ["status_filter": statusFilter, "per_page": perPage, "assigned_user_id": assignedUserID],
                        response: .json
                    )
                }

            """)
    }

    @Test func lowerCarriesWhatAnEndpointIsNotHowItIsSpelled() throws {
        let text = """
            spec: 1
            name: Snip
            error: Problem
            models:
              Problem:
                errorMessage: detail
                fields:
                  detail: String
            endpoints:
              user:
                request: GET /users/{user_id}
                path:
                  user_id: { type: Int, description: The user's id. }
                headers:
                  X-Trace-ID: String?
                errors:
                  404: Problem
            """
        let checked = SpecCompiler.check(path: "spec.yaml") { _ in Array(text.utf8) }
        let spec = try #require(checked.spec, "\(checked.diagnostics.sorted.map(\.description))")
        let file = Lowering(spec).endpointsFile()
        guard case .endpoint(let endpoint)? = file.items.first else { Issue.record("no endpoint lowered"); return }
        #expect(endpoint.parameters.map(\.name) == ["userID", "xTraceID"])
        #expect(endpoint.parameters.map(\.location) == [.path, .header])
        #expect(endpoint.parameters.map(\.defaultValue) == [nil, .null])
        #expect(endpoint.parameters.first?.doc == ["The user's id."])
        #expect(endpoint.headers.map(\.wireName) == ["X-Trace-ID"])
        #expect(endpoint.failure == .named("Problem"))
        #expect(endpoint.errors.map(\.status) == [.code(404)])
        #expect(endpoint.errors.map(\.messageField) == ["detail"])
        #expect(endpoint.service.operation == "User")
        #expect(endpoint.requestLine == "GET /users/{user_id}")
    }

    @Test func anEventNamedTypeStillMakesAUnionOfEvents() throws {
        let files = try Self.generate("""
            models:
              Change:
                fields:
                  kind: String
              Note:
                fields:
                  text: String
              Feed:
                events:
                  type: Change
                  note: Note
              Holder:
                fields:
                  events: { type: Note, description: The last note. }
            endpoints:
              feed:
                request: GET /feed
                response: EventStream<Feed>
            """)
        let text = try #require(files["SnipModels.swift"])
        let feed = try #require(Self.declaration("public enum Feed", in: text))
        #expect(feed.contains("case type(Change)"))
        #expect(feed.contains("case note(Note)"))
        let holder = try #require(Self.declaration("public struct Holder", in: text))
        #expect(holder.contains("public var events: Note"))
    }

    @Test func pagesCountedFromZeroSayWhereTheyStart() throws {
        let files = try Self.generate("""
            models:
              Row:
                fields:
                  id: UUID
              Rows:
                fields:
                  data: "[Row]"
                  more: Bool
            endpoints:
              rows:
                request: GET /rows
                query: { page: Int?, size: Int? }
                response: "[Row]"
                pagination: { style: page, parameter: page, size: size, first: 0 }
              moreRows:
                request: GET /more
                query: { after: String? }
                response: Rows
                pagination: { style: hasMore, items: data, hasMore: more, parameter: after }
            """)
        let text = try #require(files["SnipEndpoints.swift"])
        #expect(text.contains(#".pageNumber(items: { $0 }, parameter: "page", first: 0, sizeParameter: "size")"#), "\(text)")
        // A UUID goes back in the query as the runtime writes one: lowercase.
        #expect(text.contains("id: { $0.id.uuidString.lowercased() }"), "\(text)")
    }
}
