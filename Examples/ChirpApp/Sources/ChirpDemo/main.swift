import ChirpKit
import Foundation
import Specwright

/// Signs in, reads the feed, likes a post and shows a typed validation error, against the server
/// given as the first argument (Scripts/run-demo starts one on loopback).
func demo(baseURL: URL) async throws {
    let session = try await ChirpSession.signIn(baseURL: baseURL, user: "ada", password: "secret")
    let page = try await session.feed()
    print("Feed page \(page.page): \(page.items.count) of \(page.total) posts")
    for post in page.items {
        print("- #\(post.id) [\(post.visibility.rawValue)] \(post.text) (\(post.likeCount) likes)")
    }
    if let first = page.items.first {
        _ = try await session.client.send(Chirp.Posts.like(id: first.id))
        print("Liked post #\(first.id)")
    }
    do {
        _ = try await session.client.send(Chirp.createPost(body: NewPost(text: "")))
    } catch {
        // `error` is APIError<Chirp.CreatePostError>: the 422 body arrives typed.
        if case .status(let failure) = error, case .status422(let problem)? = failure.model {
            print("Rejected as expected: \(problem.message) (\(problem.fields.joined(separator: ", ")))")
        } else {
            throw error
        }
    }
}

let baseURL = CommandLine.arguments.dropFirst().first.flatMap(URL.init(string:)) ?? Chirp.baseURL
do {
    try await demo(baseURL: baseURL)
} catch {
    print("error: \(error.localizedDescription)")
    exit(1)
}
