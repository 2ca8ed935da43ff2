/// The default templates, embedded in the generator at build time so it works from any directory.
public enum DefaultTemplates {
    /// Each template's name (its file name without `.swifttemplate`) and text.
    public static let all: [(name: String, text: String)] = [
        ("Alias", PackageResources.Alias_swifttemplate),
        ("Auth", PackageResources.Auth_swifttemplate),
        ("BodyEnum", PackageResources.BodyEnum_swifttemplate),
        ("Doc", PackageResources.Doc_swifttemplate),
        ("Effects", PackageResources.Effects_swifttemplate),
        ("Endpoint", PackageResources.Endpoint_swifttemplate),
        ("EndpointDoc", PackageResources.EndpointDoc_swifttemplate),
        ("EndpointItem", PackageResources.EndpointItem_swifttemplate),
        ("Endpoints", PackageResources.Endpoints_swifttemplate),
        ("Enum", PackageResources.Enum_swifttemplate),
        ("ErrorEntry", PackageResources.ErrorEntry_swifttemplate),
        ("ErrorEnum", PackageResources.ErrorEnum_swifttemplate),
        ("FileHeader", PackageResources.FileHeader_swifttemplate),
        ("Group", PackageResources.Group_swifttemplate),
        ("ModelList", PackageResources.ModelList_swifttemplate),
        ("Models", PackageResources.Models_swifttemplate),
        ("Outcome", PackageResources.Outcome_swifttemplate),
        ("ResponseHeaders", PackageResources.ResponseHeaders_swifttemplate),
        ("Service", PackageResources.Service_swifttemplate),
        ("ServiceMembers", PackageResources.ServiceMembers_swifttemplate),
        ("Shard", PackageResources.Shard_swifttemplate),
        ("Struct", PackageResources.Struct_swifttemplate),
        ("Union", PackageResources.Union_swifttemplate),
        ("WireValue", PackageResources.WireValue_swifttemplate),
    ].map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }
}
