import Specwright

/// One place that knows both APIs: the same endpoint names live apart in their namespaces.
public enum Services {
    /// The request that lists the open invoices.
    public static func openInvoices() -> Endpoint<[Invoice], Never> { Billing.list(status: .open) }
    /// The request that lists the accounts.
    public static func accounts() -> Endpoint<[Account], Never> { Accounts.list() }
}
