import Foundation
import SpecDiagnostics
import SpecSwagger
import SpecYAML

/// `--swagger2 FILE`: `specwright generate` of a Swagger 2.0 document beside the same of its 3.0
/// form (the upgrade the front end makes, written out as JSON), interleaved and the best of 5, with
/// libyaml's event walk of each file: the cost of reading 2.0 over reading its conversion.
enum Swagger2Benchmark {
    static func run(path: String, options: Options, generator: Generator) throws {
        let report = generator.report
        let out = URL(fileURLWithPath: options.out)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        guard let data = FileManager.default.contents(atPath: path) else { report.fail(["error: cannot read \(path)"]) }
        let root: YAMLNode
        switch YAMLParser.parse([UInt8](data), file: path) {
        case .success(let node): root = node
        case .failure(let diagnostic): report.fail(["\(diagnostic)"])
        }
        var problems: [String] = []
        let host = Swagger2Upgrader.Host(
            resolve: { ref, _ in localTarget(ref, in: root) },
            unsupported: { _, _, _ in },
            error: { message, location in problems.append("\(location): \(message)") })
        var upgraded = root
        let upgrade = Measure.fastest(runs: 5) { upgraded = Swagger2Upgrader.upgrade(document: root, host: host) }
        guard problems.isEmpty else { report.fail(problems) }
        var json = ""
        write(upgraded, to: &json)
        let converted = out.appendingPathComponent("openapi-3.0-conversion.json")
        try Data(json.utf8).write(to: converted)
        let documents = [("Swagger 2.0 document", path), ("its 3.0 conversion", converted.path)]
        let log = out.appendingPathComponent("generate.log")
        var walks = [Double](repeating: .infinity, count: 2)
        var runs = [Double](repeating: .infinity, count: 2)
        for _ in 0..<5 {
            for (index, (_, file)) in documents.enumerated() {
                guard let bytes = FileManager.default.contents(atPath: file) else { report.fail(["error: cannot read \(file)"]) }
                walks[index] = min(walks[index], generator.libyamlWalk([UInt8](bytes)).seconds)
                let run = generator.generateOnce(spec: file, output: out.appendingPathComponent("swagger2-output-\(index)"), shards: nil, log: log)
                guard run.status == 0 else { report.fail(["error: generating \(file) failed; see \(log.path)"]) }
                runs[index] = min(runs[index], run.seconds)
            }
        }
        let sizes = documents.map { (try? FileManager.default.attributesOfItem(atPath: $0.1)[.size] as? Int) ?? 0 }
        report.line("\(URL(fileURLWithPath: path).lastPathComponent), best of 5 interleaved:")
        report.line("| file | bytes | libyaml event walk | `specwright generate` | generate / walk |")
        report.line("|---|--:|--:|--:|--:|")
        for (index, (name, _)) in documents.enumerated() {
            report.line("| \(name) | \(sizes[index]) | \(Measure.time(walks[index])) | \(Measure.time(runs[index])) | \(String(format: "%.1f", runs[index] / walks[index]))x |")
        }
        report.line("2.0 / 3.0 conversion: \(String(format: "%.2f", runs[0] / runs[1]))x; the upgrade alone (in process, best of 5): \(Measure.time(upgrade))")
    }

    /// The node a local `$ref` (`#/parameters/X`) points to in `root`.
    private static func localTarget(_ ref: String, in root: YAMLNode) -> YAMLNode? {
        guard ref.hasPrefix("#") else { return nil }
        var node = root
        for raw in ref.dropFirst().split(separator: "/") {
            let segment = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = node.mapping?.first(where: { $0.key.scalar == segment })?.value else { return nil }
            node = next
        }
        return node
    }

    /// `node` as JSON: a plain scalar that is a JSON number, boolean or null as it is, every other scalar a string.
    private static func write(_ node: YAMLNode, to out: inout String) {
        switch node.value {
        case .scalar(let text, let style):
            if style == .plain, ["true", "false", "null"].contains(text) || (Double(text) != nil && text.first.map { $0.isNumber || $0 == "-" } == true) {
                out += text
            } else {
                out += quoted(text)
            }
        case .sequence(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, to: &out)
            }
            out += "]"
        case .mapping(let pairs):
            out += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { out += "," }
                out += quoted(pair.key.scalar ?? "")
                out += ":"
                // The front end reads a 2.0 `#/definitions/X` as the upgrade's `components/schemas`; a 3.0 file names it so.
                if pair.key.scalar == "$ref", let ref = pair.value.scalar, ref.hasPrefix("#/definitions/") {
                    out += quoted("#/components/schemas/" + ref.dropFirst("#/definitions/".count))
                } else {
                    write(pair.value, to: &out)
                }
            }
            out += "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
