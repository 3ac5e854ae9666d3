import TapedeckS3
import Testing

/// Configurations: endpoints, environment variables, names and every number's range.
@Suite struct S3ConfigurationTests {
    let credentials = AWSCredentials(accessKeyID: "AKID", secretAccessKey: "secret")

    @Test func endpointsParseToSchemeHostAndPort() throws {
        let minio = try S3Endpoint("http://127.0.0.1:9000/")
        #expect(!minio.usesTLS && minio.host == "127.0.0.1" && minio.port == 9000)
        let aws = try S3Endpoint("https://s3.eu-west-1.amazonaws.com")
        #expect(aws.usesTLS && aws.port == 443 && aws.description == "https://s3.eu-west-1.amazonaws.com")
        let ipv6 = try S3Endpoint("http://[::1]:4566")
        #expect(ipv6.host == "::1" && ipv6.port == 4566 && ipv6.description == "http://[::1]:4566")
        for bad in ["ftp://h", "http://", "http://h:0", "http://h:65536", "http://h/path", "http://u@h", "h:80", "http://h:x"] {
            #expect(throws: S3ConfigurationError.self, "\(bad)") { try S3Endpoint(bad) }
        }
    }

    @Test func theEnvironmentGivesCredentialsRegionAndEndpoint() throws {
        let configuration = try S3Configuration.fromEnvironment(
            bucket: "tapedeck-inbox",
            environment: [
                "AWS_ACCESS_KEY_ID": "AKIAEXAMPLE", "AWS_SECRET_ACCESS_KEY": "s3cr3t", "AWS_SESSION_TOKEN": "tok",
                "AWS_REGION": "eu-central-1", "AWS_ENDPOINT_URL_S3": "http://127.0.0.1:9000",
            ])
        #expect(
            configuration.credentials
                == AWSCredentials(accessKeyID: "AKIAEXAMPLE", secretAccessKey: "s3cr3t", sessionToken: "tok"))
        #expect(configuration.region == "eu-central-1" && configuration.endpoint.port == 9000)
        #expect(!configuration.description.contains("s3cr3t") && !configuration.description.contains("tok)"))

        let aws = try S3Configuration.fromEnvironment(
            bucket: "tapedeck-inbox",
            environment: ["AWS_ACCESS_KEY_ID": "A", "AWS_SECRET_ACCESS_KEY": "S", "AWS_DEFAULT_REGION": "us-west-2"])
        #expect(aws.endpoint.description == "https://s3.us-west-2.amazonaws.com" && aws.credentials.sessionToken == nil)

        #expect(throws: S3ConfigurationError.missingEnvironmentVariable("AWS_SECRET_ACCESS_KEY")) {
            try S3Configuration.fromEnvironment(bucket: "b-1", environment: ["AWS_ACCESS_KEY_ID": "A", "AWS_REGION": "x"])
        }
        #expect(throws: S3ConfigurationError.missingEnvironmentVariable("AWS_REGION")) {
            try S3Configuration.fromEnvironment(
                bucket: "b-1", environment: ["AWS_ACCESS_KEY_ID": "A", "AWS_SECRET_ACCESS_KEY": "S", "AWS_REGION": ""])
        }
    }

    @Test func bucketNamesFollowS3sRules() throws {
        for bad in ["ab", String(repeating: "a", count: 64), "Upper", "under_score", "-start", "end-", "a..b"] {
            #expect(throws: S3ConfigurationError.self, "\(bad)") {
                try S3Configuration(endpoint: "http://h", region: "us-east-1", bucket: bad, credentials: credentials)
            }
        }
        _ = try S3Configuration(endpoint: "http://h", region: "us-east-1", bucket: "tapes.v1", credentials: credentials)
        #expect(throws: S3ConfigurationError.self) {
            try S3Configuration(
                endpoint: "https://h", region: "us-east-1", bucket: "tapes.v1", credentials: credentials,
                addressing: .virtualHosted)
        }
        let virtual = try S3Configuration(
            endpoint: "https://s3.eu-west-1.amazonaws.com", region: "eu-west-1", bucket: "tapes", credentials: credentials,
            addressing: .virtualHosted)
        #expect(virtual.addressing == .virtualHosted)
        #expect(throws: S3ConfigurationError.self) {
            try S3Configuration(
                endpoint: "http://127.0.0.1:9000", region: "us-east-1", bucket: "tapes", credentials: credentials,
                addressing: .virtualHosted)
        }
        #expect(throws: S3ConfigurationError.invalidRegion("US East")) {
            try S3Configuration(endpoint: "http://h", region: "US East", bucket: "tapes", credentials: credentials)
        }
    }

    @Test func timeoutsAndSizesAreRangeChecked() throws {
        func make(connect: Duration = .seconds(10), response: Duration = .seconds(120), bytes: Int = 1 << 20) throws {
            _ = try S3Configuration(
                endpoint: "http://h", region: "us-east-1", bucket: "tapes", credentials: credentials,
                connectTimeout: connect, responseTimeout: response, maximumObjectBytes: bytes)
        }
        try make(connect: .milliseconds(10), response: .seconds(3600), bytes: 1 << 30)
        for (connect, response, bytes) in [
            (Duration.zero, Duration.seconds(1), 1), (.seconds(301), .seconds(1), 1), (.seconds(1), .milliseconds(9), 1),
            (.seconds(1), .seconds(3601), 1), (.seconds(1), .seconds(1), 0), (.seconds(1), .seconds(1), (1 << 30) + 1),
        ] {
            #expect(throws: S3ConfigurationError.self) { try make(connect: connect, response: response, bytes: bytes) }
        }
    }

    @Test func credentialsNeverPrintTheSecret() {
        let text = "\(AWSCredentials(accessKeyID: "AKIA1", secretAccessKey: "hunter2", sessionToken: "tok"))"
        #expect(text.contains("AKIA1") && !text.contains("hunter2") && !text.contains("tok\""))
    }
}
