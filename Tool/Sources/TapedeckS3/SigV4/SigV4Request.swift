/// What a request signature covers: the method, the path and query as the application means them
/// (unencoded: the signer encodes them the way the canonical request wants), and the headers to sign.
/// The body is represented by its hash (`SigV4PayloadHash`), passed to the signer beside it.
public struct SigV4Request: Sendable, Hashable {
    /// The HTTP method, e.g. `GET`; the canonical request uses it as given.
    public var method: String
    /// The path, unencoded and starting with `/`: for S3 `/bucket/key` (path style) or `/key`.
    public var path: String
    /// The query parameters, unencoded, in any order (the signer sorts them).
    public var query: [SigV4Field]
    /// The headers to sign, including `Host`; a name may repeat (the values are joined with commas).
    public var headers: [SigV4Field]

    /// A request from its parts; checks nothing (the signer signs whatever it is given).
    public init(method: String, path: String, query: [SigV4Field] = [], headers: [SigV4Field]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
    }
}
