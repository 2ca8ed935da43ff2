/// How a query parameter or form field that is more than one text value goes on the wire
/// (OpenAPI's `style` with `explode`); the raw value is its spelling in a spec's `styles:`.
public enum ParameterStyle: String, Sendable, Hashable, CaseIterable {
    /// An array repeats its name (`id=1&id=2`); an object's members are pairs of their own.
    case form
    /// One pair, the values joined by commas (`id=1,2`); OpenAPI's `form` without `explode`.
    case commaDelimited
    /// One pair, the values joined by spaces.
    case spaceDelimited
    /// One pair, the values joined by pipes.
    case pipeDelimited
    /// One pair, the values joined by tabs (Swagger 2.0's `collectionFormat: tsv`).
    case tabDelimited
    /// Brackets at any depth: `metadata[order_id]=6735`, `expand[]=customer`, `items[0][price]=p1`.
    case deepObject
    /// The value as compact JSON text (OpenAPI's `content: application/json` on a parameter):
    /// `X-Extra-Arguments: {"code":1}`.
    case json
    /// A path parameter after a dot: `/pets/.5`, an array `.3,4`, an object `.x,1,y,2` (OpenAPI's `label`).
    case label
    /// `label` with OpenAPI's `explode`: an array `.3.4`, an object `.x=1.y=2`.
    case labelExploded
    /// A path parameter as `;name=value`: `/pets/;id=5`, an array `;id=3,4`, an object
    /// `;point=x,1,y,2` (OpenAPI's `matrix`).
    case matrix
    /// `matrix` with OpenAPI's `explode`: an array `;id=3;id=4`, an object `;x=1;y=2`.
    case matrixExploded
    /// A path parameter that spans segments (GitHub's `x-multi-segment` refs): `heads/main` keeps
    /// its `/`, each segment percent-encoded (`.` and `..` too, so a value cannot leave its place).
    case segments

    /// The styles of a path parameter: these, and `form` (an object's members as `key=value`,
    /// OpenAPI's `simple` with `explode`).
    public static let pathStyles: [ParameterStyle] = [.label, .labelExploded, .matrix, .matrixExploded, .segments]
}
