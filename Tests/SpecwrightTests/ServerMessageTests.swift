import Foundation
@testable import Specwright
import Testing

/// The excerpt of an error body: only its first 64 KB are decoded, even when the cut splits a character.
@Suite struct ServerMessageTests {
    @Test func aCutThroughACharacterStillGivesTheText() {
        // 65,535 bytes of "a", then "é" (2 bytes): the 64 KB prefix ends inside the "é".
        let body = Data(String(repeating: "a", count: (64 << 10) - 1).utf8) + Data("é and more".utf8)
        let excerpt = ServerMessage.excerpt(of: body, contentType: "text/plain")
        #expect(excerpt?.hasPrefix("aaaa") == true)
        #expect(excerpt?.hasSuffix("…") == true)
    }

    @Test func aBodyThatIsNotUTF8HasNoExcerpt() {
        #expect(ServerMessage.excerpt(of: Data([0xFF, 0xFE, 0x00, 0x41]), contentType: "application/octet-stream") == nil)
        let long = Data(repeating: 0xFF, count: 100_000)
        #expect(ServerMessage.excerpt(of: long, contentType: nil) == nil)
    }
}
