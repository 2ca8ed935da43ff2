import Foundation
import Specwright
import Testing

/// OpenAPI's style examples (the `color` parameter of its "Style Examples" table), as an endpoint's
/// query and headers send them.
@Suite struct ParameterStyleTests {
    struct Color: Encodable, Sendable {
        var R = 100, G = 200, B = 150
    }

    let colors = ["blue", "black", "brown"]

    func query(_ value: StyledValue?) -> [String] {
        Endpoint<Empty, Never>(.get, "/", APIDefaults(), query: ["color": value], response: .empty).query.map { "\($0.name)=\($0.value)" }
    }

    @Test func formStyle() {
        #expect(query(StyledValue(colors, style: .form)) == ["color=blue", "color=black", "color=brown"])
        #expect(query(StyledValue(Color(), style: .form)) == ["R=100", "G=200", "B=150"])
        #expect(query(StyledValue(colors, style: .commaDelimited)) == ["color=blue,black,brown"])
        #expect(query(StyledValue(Color(), style: .commaDelimited)) == ["color=R,100,G,200,B,150"])
    }

    @Test func pathStyles() {
        let id = 5
        let label: EndpointPath = "/pets/\(id, style: .label)/\("blue", style: .label)"
        let matrix: EndpointPath = "/pets/\(id, style: .matrix("id"))/\(colors, style: .matrix("color"))"
        #expect(label.encoded(dates: .iso8601) == "/pets/.5/.blue")
        #expect(matrix.encoded(dates: .iso8601) == "/pets/;id=5/;color=blue,black,brown")
        #expect(matrix.template == "/pets/{}/{}")
        // A value cannot leave its segment in either style.
        let hostile: EndpointPath = "/pets/\("a/b;c=d", style: .matrix("id"))"
        #expect(hostile.encoded(dates: .iso8601) == "/pets/;id=a%2Fb%3Bc%3Dd")
    }

    /// OpenAPI's style examples table for path parameters, every style with `explode` and without.
    @Test func pathStylesOfArraysAndObjectsWithAndWithoutExplode() {
        func path(_ path: EndpointPath) -> String { path.encoded(dates: .iso8601) }
        let color = Color()
        #expect(path("/\(colors)") == "/blue,black,brown")
        #expect(path("/\(members: color)") == "/R,100,G,200,B,150")
        #expect(path("/\(colors, style: .simpleExploded)") == "/blue,black,brown")
        #expect(path("/\(members: color, style: .simpleExploded)") == "/R=100,G=200,B=150")
        #expect(path("/\(colors, style: .label)") == "/.blue,black,brown")
        #expect(path("/\(members: color, style: .label)") == "/.R,100,G,200,B,150")
        #expect(path("/\(colors, style: .labelExploded)") == "/.blue.black.brown")
        #expect(path("/\(members: color, style: .labelExploded)") == "/.R=100.G=200.B=150")
        #expect(path("/\(colors, style: .matrix("color"))") == "/;color=blue,black,brown")
        #expect(path("/\(members: color, style: .matrix("color"))") == "/;color=R,100,G,200,B,150")
        #expect(path("/\(colors, style: .matrixExploded("color"))") == "/;color=blue;color=black;color=brown")
        #expect(path("/\(members: color, style: .matrixExploded("color"))") == "/;R=100;G=200;B=150")
        // Keys and values stay inside their segment; a union's scalar is its text; a map's entries are members.
        #expect(path("/\(members: ["a/b": "c;d"], style: .matrixExploded("m"))") == "/;a%2Fb=c%3Bd")
        #expect(path("/\(members: 7, style: .label)") == "/.7")
        #expect(path("/\([String](), style: .matrixExploded("id"))") == "/;id")
    }

    /// GitHub's `x-multi-segment` refs: the value's `/` are kept, nothing else leaves its segment.
    @Test func aSegmentsParameterKeepsItsSlashesAndEncodesEachSegment() {
        func path(_ path: EndpointPath) -> String { path.encoded(dates: .iso8601) }
        #expect(path("/git/ref/\("heads/test", style: .segments)") == "/git/ref/heads/test")
        #expect(path("/git/ref/\("heads/feature/a b?c#d", style: .segments)") == "/git/ref/heads/feature/a%20b%3Fc%23d")
        // `.` and `..` cannot climb the path; an empty segment stays empty.
        #expect(path("/git/ref/\("../../admin", style: .segments)") == "/git/ref/%2E%2E/%2E%2E/admin")
        #expect(path("/git/ref/\("tags//v1/.", style: .segments)") == "/git/ref/tags//v1/%2E")
        #expect(path("/\(["a/b", "c"], style: .segments)") == "/a/b,c")
        #expect(("/git/ref/\("heads/x", style: .segments)" as EndpointPath).template == "/git/ref/{}")
    }

    @Test func aMapsEntriesGoInTheOrderOfTheirKeysWhateverTheHashOrder() {
        let map = Dictionary(uniqueKeysWithValues: (0..<40).map { ("k\($0 + 10)", $0) })
        let pairs = query(StyledValue(map, style: .deepObject))
        #expect(pairs == (0..<40).map { "color[k\($0 + 10)]=\($0)" })
        let path: EndpointPath = "/\(members: ["b": 1, "a": 2], style: .matrixExploded("m"))"
        #expect(path.encoded(dates: .iso8601) == "/;a=2;b=1")
    }

    @Test func headerStyles() {
        func header(_ value: StyledValue?) -> [String] {
            Endpoint<Empty, Never>(.get, "/", APIDefaults(), headers: ["X-Color": value], response: .empty).headers.map(\.value)
        }
        // OpenAPI's simple style, without and with explode.
        #expect(header(StyledValue(Color(), style: .commaDelimited)) == ["R,100,G,200,B,150"])
        #expect(header(StyledValue(Color(), style: .form)) == ["R=100,G=200,B=150"])
        #expect(header(StyledValue(colors, style: .form)) == ["blue,black,brown"])
    }

    @Test func jsonStyle() {
        #expect(query(StyledValue(Color(), style: .json)) == [#"color={"B":150,"G":200,"R":100}"#])
        #expect(Endpoint<Empty, Never>(.get, "/", APIDefaults(), headers: ["X-Color": StyledValue(colors, style: .json)], response: .empty)
            .headers.map(\.value) == [#"["blue","black","brown"]"#])
    }

    @Test func delimitedStyles() {
        #expect(query(StyledValue(colors, style: .spaceDelimited)) == ["color=blue black brown"])
        #expect(query(StyledValue(colors, style: .pipeDelimited)) == ["color=blue|black|brown"])
    }

    @Test func deepObjectAtAnyDepth() {
        #expect(query(StyledValue(Color(), style: .deepObject)) == ["color[R]=100", "color[G]=200", "color[B]=150"])
        #expect(query(StyledValue(colors, style: .deepObject)) == ["color[]=blue", "color[]=black", "color[]=brown"])
        struct Line: Encodable, Sendable {
            var price: String
            var recurring: [String: String]?
        }
        let lines = [Line(price: "p1", recurring: ["interval": "month"]), Line(price: "p2")]
        #expect(query(StyledValue(lines, style: .deepObject)) == ["color[0][price]=p1", "color[0][recurring][interval]=month", "color[1][price]=p2"])
    }

    @Test func emptyAndNilValuesSendNothing() {
        #expect(query(StyledValue([String](), style: .deepObject)) == [])
        #expect(query(StyledValue([String](), style: .commaDelimited)) == [])
        #expect(query(StyledValue(nil, style: .deepObject)) == [])
        #expect(query(StyledValue(["a": String?.none], style: .deepObject)) == [])
    }

    @Test func datesAndUnionsFollowTheEndpointsCoding() {
        enum Created: Encodable, Sendable {
            case exactly(Date)
            case range([String: Int])
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .exactly(let date): try container.encode(date)
                case .range(let range): try container.encode(range)
                }
            }
        }
        let endpoint = Endpoint<Empty, Never>(
            .get, "/", APIDefaults(dates: .seconds),
            query: ["at": StyledValue(Created.exactly(Date(timeIntervalSince1970: 1_700_000_000)), style: .deepObject),
                    "created": StyledValue(Created.range(["gte": 5]), style: .deepObject)],
            response: .empty)
        #expect(endpoint.query.map { "\($0.name)=\($0.value)" } == ["at=1700000000", "created[gte]=5"])
    }

    @Test func simpleStyleInAHeader() {
        let endpoint = Endpoint<Empty, Never>(
            .get, "/", APIDefaults(),
            headers: ["X-Colors": StyledValue(colors, style: .form), "X-Color": StyledValue(Color(), style: .commaDelimited)], response: .empty)
        #expect(endpoint.headers.map { "\($0.name): \($0.value)" } == ["X-Colors: blue,black,brown", "X-Color: R,100,G,200,B,150"])
    }
}
