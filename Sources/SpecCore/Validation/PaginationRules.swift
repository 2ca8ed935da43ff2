import SpecDiagnostics

/// What a paging reads from a response: the page's model (nil when the response is the array of
/// items), the items' field, the item type, and the fields the style reads.
public struct PaginationShape: Sendable {
    /// The object model of a page; nil when a page is the array of items.
    public var pageModel: String?
    /// The field of the page that holds the items.
    public var itemsField: FieldDecl?
    /// The type of one item.
    public var item: TypeExpr
    /// The field with the next cursor (`cursor`) or the flag (`hasMore`).
    public var marker: FieldDecl?
    /// The item's model and its ID field (`hasMore`).
    public var itemModel: String?
    public var idField: FieldDecl?
}

extension SymbolTable {
    /// The shape a paging reads, when the response has it; nil otherwise (reported by validation).
    public func paginationShape(_ pagination: PaginationDecl, response: TypeExpr?) -> PaginationShape? {
        guard let response else { return nil }
        let page = resolvedNonOptional(response)
        var shape: PaginationShape
        if case .array(let element) = page {
            guard pagination.items == nil else { return nil }
            shape = PaginationShape(item: element)
        } else if case .named(let name, [], _) = page, case .object(let fields)? = model(named: name)?.kind,
                  let itemsName = pagination.items, let field = fields.first(where: { $0.wireName == itemsName }),
                  case .array(let element) = resolvedNonOptional(field.type) {
            shape = PaginationShape(pageModel: name, itemsField: field, item: element)
        } else {
            return nil
        }
        let fields: [FieldDecl]
        if let name = shape.pageModel, case .object(let pageFields)? = model(named: name)?.kind { fields = pageFields } else { fields = [] }
        switch pagination.style {
        case .cursor: shape.marker = fields.first { $0.wireName == pagination.next }
        case .hasMore:
            shape.marker = fields.first { $0.wireName == pagination.hasMore }
            if case .named(let itemName, [], _) = resolvedNonOptional(shape.item), case .object(let itemFields)? = model(named: itemName)?.kind {
                shape.itemModel = itemName
                shape.idField = itemFields.first { $0.wireName == (pagination.id ?? "id") }
            }
        case .link, .page, .offset: break
        }
        return shape
    }
}

extension Validator {
    /// A paging needs a response it can read (an array, or an object model with the array in
    /// `items`), the fields its style reads, and query parameters for what it sets.
    mutating func checkPagination(_ endpoint: EndpointDecl, what: String) {
        guard let pagination = endpoint.pagination else { return }
        let location = pagination.location
        if !endpoint.outcomes.isEmpty || endpoint.response.flatMap({ symbols.stream($0) }) != nil {
            diagnostics.error("pagination of \(what) needs one response of pages (an array, or a model holding one); it has \(endpoint.outcomes.isEmpty ? "a stream" : "several responses")", at: location)
            return
        }
        let needs: [(key: String, value: String?)]
        switch pagination.style {
        case .link: needs = []
        case .cursor: needs = [("next", pagination.next), ("parameter", pagination.parameter)]
        case .hasMore: needs = [("hasMore", pagination.hasMore), ("parameter", pagination.parameter)]
        case .page, .offset: needs = [("parameter", pagination.parameter)]
        }
        for need in needs where need.value == nil {
            diagnostics.error("pagination '\(pagination.style.rawValue)' of \(what) needs '\(need.key)'", at: location)
        }
        let read = ["style", "items"] + PaginationDecl.keys(of: pagination.style)
        for key in pagination.written where !read.contains(key) {
            diagnostics.warning("pagination '\(pagination.style.rawValue)' of \(what) does not read '\(key)'; it is ignored", at: location)
        }
        for (key, value) in [("parameter", pagination.parameter), ("size", pagination.size)] {
            guard let value else { continue }
            if !endpoint.query.contains(where: { $0.wireName == value }) {
                diagnostics.error("the \(key) '\(value)' of the pagination of \(what) is not one of its query parameters\(Suggestions.didYouMean(value, in: endpoint.query.map(\.wireName)))", at: location)
            }
        }
        guard let shape = symbols.paginationShape(pagination, response: endpoint.response) else {
            let items = pagination.items.map { "a model whose field '\($0)' is an array" } ?? "an array (or give items: the field of the page that holds them)"
            diagnostics.error("pagination of \(what) reads pages of items: its response must be \(items), found '\(endpoint.response.map { "\($0)" } ?? "Empty")'", at: location)
            return
        }
        switch pagination.style {
        case .cursor:
            if let next = pagination.next, shape.marker.map({ symbols.isString($0.type) }) != true {
                diagnostics.error("the next cursor '\(next)' of the pagination of \(what) must be a String field of '\(shape.pageModel ?? "the page")'", at: location)
            }
        case .hasMore:
            if let hasMore = pagination.hasMore, shape.marker.map({ symbols.resolvedNonOptional($0.type).description == "Bool" }) != true {
                diagnostics.error("'\(hasMore)' of the pagination of \(what) must be a Bool field of '\(shape.pageModel ?? "the page")'", at: location)
            }
            let id = pagination.id ?? "id"
            let idType = shape.idField.map { symbols.resolvedNonOptional($0.type).description }
            if !["String", "Int", "Int32", "Int64", "UUID"].contains(idType ?? "") || shape.idField.map({ symbols.isOptional($0.type) }) == true {
                diagnostics.error("the items of the pagination of \(what) need a required String, integer or UUID field '\(id)' to start the next page after", at: location)
            }
        case .link, .page, .offset: break
        }
    }
}
