/// A large, deterministic spec that uses most constructs of format v1, for the benchmark.
enum SyntheticSpec {
    /// The YAML text of a spec with `models` models and `endpoints` endpoints.
    static func text(models: Int, endpoints: Int) -> String {
        var out = """
            spec: 1
            name: Synthetic
            description: A synthetic API for measuring the generator and the compile time of its output.
            baseURL: https://synthetic.example.com/v1
            defaultHeaders:
              Accept: application/json
            auth: bearer
            error: ProblemDetails
            models:
              ProblemDetails:
                code: String
                message: String
                details: "[String: String]?"
              Page<Item>:
                items: [Item]
                page: Int
                per_page: Int = 20
                total: Int

            """
        out.reserveCapacity(models * 900 + endpoints * 400)
        for index in 0..<models {
            out += model(index)
        }
        out += "endpoints:\n"
        let perGroup = 20
        for group in 0..<(endpoints + perGroup - 1) / perGroup {
            out += "  area_\(group):\n"
            for index in (group * perGroup)..<min(endpoints, (group + 1) * perGroup) {
                out += endpoint(index, models: models)
            }
        }
        return out
    }

    private static func model(_ index: Int) -> String {
        if index % 10 == 9 {
            return """
                  Status\(index):
                    description: The states of thing \(index).
                    enum: [draft, in-review, published, archived, deleted_\(index)]

                """
        }
        if index % 25 == 24, index >= 2 {
            return """
                  Choice\(index):
                    oneOf:
                      first: Thing\(index - 1)
                      second: Thing\(index - 2)
                    discriminator: kind

                """
        }
        var text = """
              Thing\(index):
                description: Thing number \(index), with every kind of field a real API has.
                fields:
                  id: { type: UUID, description: "The identifier of thing \(index), stable for its whole life and unique across all kinds." }
                  display_name: { type: String, description: "The name shown to people; at most 80 characters, trimmed, never empty." }
                  created_at: { type: Date, description: "When the thing was created, in UTC, with second precision." }
                  updated_at: { type: Date?, description: "When the thing last changed; missing if it never changed since it was created." }
                  like_count: { type: Int, default: 0, description: "How many people liked the thing; counted once per person." }
                  score: { type: Double, default: 0.5, description: "The ranking score between 0 and 1 that the feed uses to order things." }
                  is_public: { type: Bool, default: true, description: "Whether people other than the owner can see the thing." }
                  tags: { type: "[String]", default: [], description: "Lowercase tags the owner chose, in the order they were added." }
                  attributes: { type: "[String: String]", default: {}, description: "Free-form key and value pairs that clients may show as a table." }
                  website: { type: URL?, description: "A link the owner added to the thing; always https when present." }
                  birthday: { type: CalendarDate?, description: "The day the thing was first made, in the owner's own calendar." }
                  notes: { type: String?, description: "Free text written by the owner of the thing, shown on its page under the title." }

            """
        // References stay within a group of ten models, so nesting by value stays as shallow as in
        // real APIs (a chain through every model would be a pathological, quadratic layout).
        if index % 10 != 0 {
            let related = index - index % 10
            text += "      related: Thing\(related)?\n"
            text += "      similar: \"[Thing\(related)]\"\n"
        }
        if index % 10 == 3, index >= 9 {
            text += "      status: Status\(index / 10 * 10 - 1)\n"
        }
        return text
    }

    private static func endpoint(_ index: Int, models: Int) -> String {
        var thing = index % models
        while thing % 10 == 9 || thing % 25 == 24 { thing = (thing + 1) % models }
        switch index % 4 {
        case 0:
            return """
                    list_things_\(index):
                      request: GET /things/\(index)
                      description: Lists things of kind \(index), a page at a time, newest first, with an optional search term.
                      query:
                        page: Int = 1
                        per_page: Int = 20
                        search: String?
                      response: Page<Thing\(thing)>

                """
        case 1:
            return """
                    get_thing_\(index):
                      request: GET /things/\(index)/{thing_id}
                      path:
                        thing_id: UUID
                      response: Thing\(thing)

                """
        case 2:
            return """
                    create_thing_\(index):
                      request: POST /things/\(index)
                      body: Thing\(thing)
                      response: Thing\(thing)
                      errors:
                        422: ProblemDetails

                """
        default:
            return """
                    rename_thing_\(index):
                      request: PATCH /things/\(index)/{thing_id}
                      headers:
                        X-Request-ID: String?
                      body:
                        display_name: String
                        notes: String?
                      response: Empty

                """
        }
    }
}
