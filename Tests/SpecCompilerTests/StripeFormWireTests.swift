import Foundation
import SpecCompiler
import SpecCore
import SpecDiagnostics
import TestSupport
import Testing

/// Real Stripe operations, taken unchanged from the corpus's Stripe document, generated, compiled
/// into a program with the runtime, and sent to PHP: what PHP's own parser of bracketed form and
/// query keys makes of each request must be the structure the Swift call meant.
@Suite struct StripeFormWireTests {
    static let operations = ["PostCustomers", "PostPaymentIntents", "PostSubscriptions", "GetCharges"]

    /// The program: each call's request as the client builds it, sent to the echo server, whose
    /// answer is printed on a line of its own.
    static let program = #"""
        import Foundation
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif
        import Specwright

        let client = APIClient(baseURL: URL(string: CommandLine.arguments[1])!, credentials: StaticCredentials(bearerToken: "sk_test_1"))

        func echo<Value, Failure>(_ endpoint: Endpoint<Value, Failure>) async throws {
            let (data, _) = try await URLSessionTransport().send(try await client.request(for: endpoint))
            print(String(decoding: data, as: UTF8.self))
        }

        try await echo(StripeAPI.postCustomers(
            address: .set(OptionalFieldsAddress(city: "Paris", country: "FR", line1: "1 Rue de Rivoli", postalCode: "75001")),
            email: "ada@example.com", expand: ["default_source", "tax"], metadata: ["order_id": "6735"]))
        try await echo(StripeAPI.postPaymentIntents(
            amount: 2000, currency: "eur",
            paymentMethodData: PaymentMethodDataParams(
                billingDetails: BillingDetailsInnerParams(address: .set(BillingDetailsAddress(city: "Köln", line1: "Domkloster 4"))),
                type: .sepaDebit)))
        try await echo(StripeAPI.postSubscriptions(
            customer: "cus_1",
            items: [
                SubscriptionItemCreateParams(
                    priceData: RecurringPriceData(currency: "usd", product: "prod_1", recurring: RecurringAdhoc(interval: .month), unitAmount: 500),
                    quantity: 2),
                SubscriptionItemCreateParams(metadata: ["slot": "b"], price: "price_2", taxRates: .clear),
            ]))
        try await echo(StripeAPI.getCharges(created: .rangeQuerySpecs(RangeQuerySpecs(gte: 1_700_000_000, lt: 1_800_000_000)), expand: ["data.customer"], limit: 3))
        try await echo(StripeAPI.postCustomers(address: .clear, metadata: .clear))
        """#

    /// What PHP parsed, call by call.
    static let expected: [String] = [
        #"{"method":"POST","path":"/v1/customers","contentType":"application/x-www-form-urlencoded","query":{},"form":{"address":{"city":"Paris","country":"FR","line1":"1 Rue de Rivoli","postal_code":"75001"},"email":"ada@example.com","expand":["default_source","tax"],"metadata":{"order_id":"6735"}},"cookies":{}}"#,
        #"{"method":"POST","path":"/v1/payment_intents","contentType":"application/x-www-form-urlencoded","query":{},"form":{"amount":"2000","currency":"eur","payment_method_data":{"billing_details":{"address":{"city":"Köln","line1":"Domkloster 4"}},"type":"sepa_debit"}},"cookies":{}}"#,
        #"{"method":"POST","path":"/v1/subscriptions","contentType":"application/x-www-form-urlencoded","query":{},"form":{"customer":"cus_1","items":[{"price_data":{"currency":"usd","product":"prod_1","recurring":{"interval":"month"},"unit_amount":"500"},"quantity":"2"},{"metadata":{"slot":"b"},"price":"price_2","tax_rates":""}]},"cookies":{}}"#,
        #"{"method":"GET","path":"/v1/charges","contentType":null,"query":{"created":{"gte":"1700000000","lt":"1800000000"},"expand":["data.customer"],"limit":"3"},"form":{},"cookies":{}}"#,
        #"{"method":"POST","path":"/v1/customers","contentType":"application/x-www-form-urlencoded","query":{},"form":{"address":"","metadata":""},"cookies":{}}"#,
    ]

    @Test(SharedData.needs("openapi", "Stripe's form bodies and deepObject queries, sent to PHP"))
    func stripeRequestsArriveAsTheCallMeantThem() async throws {
        let document = try SharedData.require("openapi").appendingPathComponent("stripe-spec3-2023-09-12.yaml")
        let selection = Self.operations.map { LocatedName(name: $0, location: SpecDiagnostics.SourceLocation(file: "test", line: 1, column: 1)) }
        let program = try await WireProgram.build(document: document.path, options: CompilerOptions(operations: selection), main: Self.program)
        defer { program.remove() }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Server/echo.php")
        let server = try await PHPEchoServer.start(script: script)
        defer { server.stop() }
        let lines = try await program.run([server.url.absoluteString])
        #expect(lines.count == Self.expected.count, "\(lines)")
        for (line, expected) in zip(lines, Self.expected) {
            #expect(try Self.object(line) == Self.object(expected), "PHP parsed \(line)")
        }
    }

    /// A JSON text as a Foundation object graph, for comparing structure rather than key order.
    static func object(_ text: String) throws -> NSDictionary {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }
}
