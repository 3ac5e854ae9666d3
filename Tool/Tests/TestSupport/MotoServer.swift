import Foundation

/// moto's server mode (`moto_server`, PyPI `moto[server]`): a real S3 endpoint on loopback for the
/// tests, on a port of its own choosing, stopped with `stop()` (or killed when the object goes).
///
/// By default it verifies signatures the way AWS does: moto checks SigV4 only once IAM is on, so
/// it starts with `INITIAL_NO_AUTH_ACTION_COUNT=3`, spends those three unauthenticated actions on
/// creating an IAM user, its access key and an allow-everything policy (with boto3, from the same
/// Python as moto), and hands out that key. From then on a wrong secret gets `SignatureDoesNotMatch`
/// and an unknown key `InvalidAccessKeyId`. With `verifyingSignatures: false` every request is
/// accepted and the credentials are placeholders.
///
/// Found as `.venv/bin/moto_server` (`make pydeps`), else on the PATH.
public final class MotoServer: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let endpoint: String
    /// The access key the server knows (the IAM user's, when verifying).
    public let accessKeyID: String
    /// Its secret: a test value, made by moto.
    public let secretAccessKey: String
    /// The region to sign for: moto accepts any; the tests use this one.
    public let region = "us-east-1"
    private let process: ChildProcess

    private init(endpoint: String, accessKeyID: String, secretAccessKey: String, process: ChildProcess) {
        self.endpoint = endpoint
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.process = process
    }

    /// The `moto_server` to run and the Python that has its boto3: the project's `.venv`, else the PATH's.
    public static func executables() -> (motoServer: String, python: String)? {
        let venvMoto = ChildProcess.repositoryRoot + "/.venv/bin/moto_server"
        if FileManager.default.isExecutableFile(atPath: venvMoto) { return (venvMoto, ChildProcess.python) }
        guard let moto = ChildProcess.which("moto_server"), let python = ChildProcess.which("python3") else { return nil }
        return (moto, python)
    }

    /// Starts a server on a free loopback port and waits until it answers; throws when no
    /// `moto_server` is installed (run `make pydeps`), when it does not start within 60 s, or when
    /// the IAM setup fails.
    public static func start(verifyingSignatures: Bool = true) async throws -> MotoServer {
        guard let (moto, python) = executables() else {
            throw ChildProcessError(
                message: "moto_server is not installed: run `make pydeps` (it installs moto[server] into .venv)")
        }
        let process = try ChildProcess(
            moto, ["-H", "127.0.0.1", "-p", "0"],
            environment: verifyingSignatures ? ["INITIAL_NO_AUTH_ACTION_COUNT": "3"] : [:])
        let line = try await process.errorLine(seconds: 60) { $0.contains("Running on http://127.0.0.1:") }.line
        guard let range = line.range(of: "http://127.0.0.1:") else {
            throw ChildProcessError(message: "moto_server printed no address: \(line)")
        }
        let endpoint = String(line[range.lowerBound...].prefix { !$0.isWhitespace })
        guard verifyingSignatures else {
            return MotoServer(endpoint: endpoint, accessKeyID: "testing", secretAccessKey: "testing", process: process)
        }
        let setup = try await ChildProcess.run(python, ["-c", iamSetup], environment: ["MOTO_ENDPOINT": endpoint], seconds: 120)
        let parts = setup.output.first?.split(separator: " ") ?? []
        guard setup.status == 0, parts.count == 2 else {
            throw ChildProcessError(message: "moto's IAM setup failed (\(setup.status)): \(setup.standardError)")
        }
        return MotoServer(
            endpoint: endpoint, accessKeyID: String(parts[0]), secretAccessKey: String(parts[1]), process: process)
    }

    /// Exactly three actions, the unauthenticated ones INITIAL_NO_AUTH_ACTION_COUNT allows.
    private static let iamSetup = """
        import os, boto3
        iam = boto3.client("iam", endpoint_url=os.environ["MOTO_ENDPOINT"], region_name="us-east-1",
                           aws_access_key_id="bootstrap", aws_secret_access_key="bootstrap")
        iam.create_user(UserName="tapedeck-tests")
        key = iam.create_access_key(UserName="tapedeck-tests")["AccessKey"]
        iam.put_user_policy(UserName="tapedeck-tests", PolicyName="everything", PolicyDocument=
            '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"*","Resource":"*"}]}')
        print(key["AccessKeyId"], key["SecretAccessKey"])
        """

    /// Stops the server (SIGTERM, SIGKILL after 10 s) and waits for it.
    public func stop() async {
        process.signal(SIGTERM)
        await process.wait(seconds: 10)
    }
}
