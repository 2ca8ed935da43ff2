import Foundation
import SpecCompiler
import SpecCore
import SpecDiagnostics
import TestSupport
import Testing

/// Paging from a config: by operation name, and by the conventions of GitHub, Stripe and OpenAI,
/// recognized in an OpenAPI document's operations.
@Suite struct PaginationConfigTests {
    static let document = #"""
        openapi: 3.1.0
        info: { title: Lists, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /repos:
            get:
              operationId: listRepos
              parameters:
                - { name: page, in: query, schema: { type: integer } }
                - { name: per_page, in: query, schema: { type: integer } }
              responses:
                "200": { description: OK, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Repo" } } } } }
          /customers:
            get:
              operationId: listCustomers
              parameters:
                - { name: starting_after, in: query, schema: { type: string } }
              responses:
                "200": { description: OK, content: { application/json: { schema: { $ref: "#/components/schemas/CustomerList" } } } }
          /things:
            get:
              operationId: listThings
              parameters:
                - { name: cursor, in: query, schema: { type: string } }
              responses:
                "200": { description: OK, content: { application/json: { schema: { $ref: "#/components/schemas/ThingPage" } } } }
        components:
          schemas:
            Repo: { type: object, required: [id], properties: { id: { type: integer } } }
            Customer: { type: object, required: [id], properties: { id: { type: string } } }
            CustomerList:
              type: object
              required: [data, has_more]
              properties: { data: { type: array, items: { $ref: "#/components/schemas/Customer" } }, has_more: { type: boolean } }
            ThingPage:
              type: object
              required: [items]
              properties: { items: { type: array, items: { $ref: "#/components/schemas/Repo" } }, next_cursor: { type: string } }
        """#

    func compile(_ options: CompilerOptions) throws -> (text: String, diagnostics: [String]) {
        let templates = try #require(Golden.templates)
        let result = SpecCompiler.compile(path: "lists.yaml", templates: templates, options: options) { _ in [UInt8](Self.document.utf8) }
        return (result.files.map(\.contents).joined(separator: "\n"), result.diagnostics.sorted.map(\.description))
    }

    static func at(_ line: Int) -> SpecDiagnostics.SourceLocation { SpecDiagnostics.SourceLocation(file: "specwright.json", line: line, column: 3) }

    @Test func conventionsAndNamedOperationsPage() throws {
        var options = CompilerOptions()
        options.paginationConventions = [LocatedName(name: "github", location: Self.at(1)), LocatedName(name: "stripe", location: Self.at(2))]
        var cursor = PaginationDecl(style: .cursor, location: Self.at(3))
        cursor.items = "items"
        cursor.next = "next_cursor"
        cursor.parameter = "cursor"
        options.pagination = [PaginationSetting(operation: LocatedName(name: "GET /things", location: Self.at(3)), pagination: cursor)]
        let (text, diagnostics) = try compile(options)
        #expect(diagnostics.filter { $0.contains("error") }.isEmpty, "\(diagnostics)")
        #expect(text.contains("Paginated(listRepos(page: page, perPage: perPage), paging: .link)"))
        #expect(text.contains(#"paging: .hasMore(items: { $0.data }, hasMore: { $0.hasMore }, parameter: "starting_after", id: { $0.id }))"#))
        #expect(text.contains(#"paging: .cursor(items: { $0.items }, next: { $0.nextCursor }, parameter: "cursor"))"#))
    }

    @Test func aConventionTouchesOnlyWhatFitsIt() throws {
        var options = CompilerOptions()
        options.paginationConventions = [LocatedName(name: "openai", location: Self.at(1))]
        let (text, _) = try compile(options)
        // No operation takes `after`: nothing pages.
        #expect(!text.contains("Pages("))
    }

    @Test func anOperationTheDocumentDoesNotHaveIsAnErrorAtItsName() throws {
        var options = CompilerOptions()
        options.pagination = [PaginationSetting(operation: LocatedName(name: "listCustomer", location: Self.at(4)),
                                                pagination: PaginationDecl(style: .link, location: Self.at(4)))]
        let (_, diagnostics) = try compile(options)
        #expect(diagnostics.contains("specwright.json:4:3: error: pagination names 'listCustomer', which is not an operation; did you mean 'listCustomers'?"))
    }

    @Test func withGroupByTagAnOperationIsStillNamedByItsOperationID() throws {
        let tagged = Self.document.replacingOccurrences(of: "operationId: listRepos", with: "operationId: repos/list-repos\n      tags: [repos]")
        var options = CompilerOptions(groupByTag: true, operations: [LocatedName(name: "repos/list-repos", location: Self.at(1))])
        options.pagination = [PaginationSetting(operation: LocatedName(name: "repos/list-repos", location: Self.at(2)),
                                                pagination: PaginationDecl(style: .link, location: Self.at(2)))]
        let templates = try #require(Golden.templates)
        let result = SpecCompiler.compile(path: "lists.yaml", templates: templates, options: options) { _ in [UInt8](tagged.utf8) }
        let diagnostics = result.diagnostics.sorted.map(\.description)
        #expect(diagnostics.filter { $0.contains("error") }.isEmpty, "\(diagnostics)")
        let text = result.files.map(\.contents).joined(separator: "\n")
        // In the group Repos, the endpoint loses the tag's prefix; the config names it by its ID.
        #expect(text.contains("paging: .link)"), "\(text)")
        #expect(!text.contains("listCustomers("), "only the operation named is generated")
    }
}
