/// The text of `--help`, `--version` and usage errors.
enum Help {
    static let version = "specwright 0.1.0"

    static let overview = """
        specwright: compiles an API spec (YAML, format v1) into a Swift client.

        Usage:
          specwright generate <spec>... --output <dir> [--templates <dir>] [--access public|package|internal]
          specwright validate <spec>...
          specwright help [generate|validate]
          specwright --version

        Exit status: 0 success, 1 a spec has errors, 2 usage error.
        Spec format: Docs/SpecFormat.md
        """

    static let generate = """
        specwright generate <spec>... --output <dir> [options]

        Writes <Name>Models.swift and <Name>Endpoints.swift for each spec into <dir>.
        A file is written only when its content changed; when any spec has an error, nothing is written.

        Options:
          --output <dir>      where the generated files go (created if missing)
          --templates <dir>   *.swifttemplate files that replace default templates of the same name
          --access <level>    public, package or internal; overrides the spec's `access`
          -h, --help          show this help
        """

    static let validate = """
        specwright validate <spec>...

        Checks specs and reports every error, compiler style (file:line:col: error: message). Writes nothing.
        """

    static func text(for topic: String?) -> String? {
        switch topic {
        case nil: overview
        case "generate": generate
        case "validate": validate
        default: nil
        }
    }
}
