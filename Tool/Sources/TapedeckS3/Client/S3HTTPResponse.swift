import NIOHTTP1

/// One whole HTTP response from the endpoint: its status, headers and body.
struct S3HTTPResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
}
