import Foundation

/// A decimal number kept as its digits: `12345678901234567.89` and `99.90` go to the server and
/// come back exactly as written, every digit and the scale (`99.90` is not `99.9`), which a
/// `Double` (and Pydantic reading a JSON number) or Foundation's `Decimal` would not keep.
///
/// It is written as a JSON string of its digits, what an API whose schema allows a string for a
/// decimal expects (Pydantic's `Decimal`, money amounts), and read from a string of them, exactly,
/// or from a JSON number, through Foundation's `Decimal` (38 significant digits, no trailing
/// zeros: `99.90` as a number reads as `99.9`). In a query or header it is its text.
///
/// ```swift
/// let price: ExactDecimal = "99.90"
/// let total = ExactDecimal(Decimal(string: "19.99")!)
/// price.decimal   // Decimal 99.9, for arithmetic
/// ```
///
/// Two values are equal when their text is: `99.90` and `99.9` are different amounts to write.
public struct ExactDecimal: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// The number as written: an optional sign, digits with an optional fraction, an optional exponent.
    public let text: String

    /// The number `text` writes, or nil when it is not one (`"1.5abc"`, `""`, `"1,5"`).
    public init?(_ text: String) {
        guard DecimalText.isWhole(text) else { return nil }
        self.text = text
    }

    /// The digits of `value` (Foundation's `Decimal` keeps no scale: `99.90` is `99.9`).
    public init(_ value: Decimal) {
        text = value.description
    }

    /// A literal: `let price: ExactDecimal = "99.90"`. A literal that is not a number
    /// (`"ninety"`) is a mistake in the program, which stops there, as an invalid `URL(string:)!`
    /// would; text read at run time goes through ``init(_:)-(String)``, which gives nil instead.
    public init(stringLiteral value: String) {
        precondition(DecimalText.isWhole(value), "\"\(value)\" is not a decimal number")
        text = value
    }

    /// A whole number: `let count: ExactDecimal = 3`.
    public init(integerLiteral value: Int) {
        text = String(value)
    }

    /// The value as Foundation's `Decimal`, for arithmetic (38 significant digits; the scale is
    /// not kept).
    public var decimal: Decimal {
        Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
    }

    /// The text.
    public var description: String { text }

    /// Reads a string of one decimal number, or a number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let value = ExactDecimal(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a decimal number.")
            }
            self = value
            return
        }
        self.init(try container.decode(Decimal.self))
    }

    /// Writes the text as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

extension ExactDecimal: ParameterValue {
    /// The text as written, such as `99.90`.
    public func parameterValues(dates: DateCoding) -> [String] { [text] }
}
