import SpecDiagnostics
import SpecYAML

extension NodeReader {
    /// One scheme (`none`, `bearer`, `basic`, `{ header: Name }`, `{ query: name }`, `{ cookie: name }`),
    /// `{ all: [schemes] }` sent together, or a list of alternatives (`[bearer, { query: key }, none]`).
    func auth(_ node: YAMLNode) -> AuthScheme? {
        guard let items = node.sequence else { return authAlternative(node) }
        guard !items.isEmpty else {
            diagnostics.error("auth alternatives cannot be empty; \(Self.authHelp)", at: node.location)
            return nil
        }
        var alternatives: [AuthScheme] = []
        var failed = false
        for (index, item) in items.enumerated() {
            if item.sequence != nil {
                diagnostics.error("an auth alternative cannot be a list; write schemes sent together as { all: [...] }", at: item.location)
                failed = true
                continue
            }
            guard let scheme = authAlternative(item) else {
                failed = true
                continue
            }
            if scheme == .none && index != items.count - 1 {
                diagnostics.error("'none' must be the last auth alternative: the client sends the first it has credentials for", at: item.location)
                failed = true
            }
            if !alternatives.contains(scheme) { alternatives.append(scheme) }
        }
        if failed { return nil }
        return alternatives.count == 1 ? alternatives[0] : .firstAvailable(alternatives)
    }

    private static let authHelp = "auth must be none, bearer, basic, { header: Name }, { query: name }, { cookie: name }, "
        + "{ all: [schemes] } or a list of alternatives"

    /// One scheme, or `{ all: [schemes] }`.
    private func authAlternative(_ node: YAMLNode) -> AuthScheme? {
        guard let pairs = node.mapping, pairs.count == 1, let pair = pairs.first, pair.key.scalar == "all" else {
            return authScheme(node)
        }
        guard let items = pair.value.sequence, !items.isEmpty else {
            diagnostics.error("'all' takes a list of the auth schemes sent together, such as [{ header: X-Key }, { query: client }]", at: pair.value.location)
            return nil
        }
        var members: [AuthScheme] = []
        var failed = false
        for item in items {
            guard item.sequence == nil, item.mapping.map({ $0.first?.key.scalar != "all" }) ?? true else {
                diagnostics.error("the schemes of 'all' are single schemes (bearer, basic, { header: Name }, { query: name }, { cookie: name })", at: item.location)
                failed = true
                continue
            }
            guard let scheme = authScheme(item) else {
                failed = true
                continue
            }
            if scheme == .none {
                diagnostics.error("'none' cannot be sent together with other auth; list it as the last alternative instead", at: item.location)
                failed = true
            }
            if !members.contains(scheme) { members.append(scheme) }
        }
        if failed { return nil }
        return members.count == 1 ? members[0] : .all(members)
    }

    /// `none`, `bearer`, `basic`, `{ header: Name }`, `{ query: name }` or `{ cookie: name }`.
    private func authScheme(_ node: YAMLNode) -> AuthScheme? {
        if let text = node.scalar {
            switch text {
            case "none": return AuthScheme.none
            case "bearer": return .bearer
            case "basic": return .basic
            default:
                diagnostics.error("unknown auth '\(text)'; \(Self.authHelp)\(Suggestions.didYouMean(text, in: ["none", "bearer", "basic"]))", at: node.location)
                return nil
            }
        }
        guard let pairs = node.mapping, pairs.count == 1, let pair = pairs.first, let kind = pair.key.scalar else {
            diagnostics.error(Self.authHelp, at: node.location)
            return nil
        }
        guard let name = string(pair.value, "auth \(kind) name") else { return nil }
        guard !name.isEmpty else {
            diagnostics.error("the \(kind) name of auth cannot be empty", at: pair.value.location)
            return nil
        }
        switch kind {
        case "header":
            checkHeaderName(name, at: pair.value.location)
            return .header(name)
        case "query": return .query(name)
        case "cookie":
            guard Self.isToken(name) else {
                diagnostics.error("'\(name)' is not a valid cookie name (letters, digits and !#$%&'*+-.^_`|~)", at: pair.value.location)
                return nil
            }
            return .cookie(name)
        default:
            let kinds = ["header", "query", "cookie", "all"]
            diagnostics.error("unknown auth kind '\(kind)'; \(Self.authHelp)\(Suggestions.didYouMean(kind, in: kinds))", at: pair.key.location)
            return nil
        }
    }
}
