import Foundation

/// moto's server mode (`moto_server`, PyPI `moto[server]`): a real S3 endpoint on loopback for the
/// tests, on a port of its own choosing, stopped with `stop()` (or killed when the object goes).
///
/// By default it verifies signatures the way AWS does: moto checks SigV4 only once IAM is on, so
/// it starts with `INITIAL_NO_AUTH_ACTION_COUNT=5`, spends those five unauthenticated actions on
/// an IAM user with an access key and an allow-everything policy, and a role the user may assume
/// with the same policy (with boto3, from the same Python as moto); then, signed with the user's
/// key, it assumes the role for temporary credentials with a session token. From then on a wrong
/// secret gets `SignatureDoesNotMatch`, an unknown key `InvalidAccessKeyId` and a wrong session
/// token `InvalidToken`. With `verifyingSignatures: false` every request is accepted and the
/// credentials are placeholders.
///
/// With `tls`, it serves https with that certificate and key (PEM files): `endpoint` is then
/// `https://127.0.0.1:PORT`, and a client must trust the certificate.
///
/// Found as `.venv/bin/moto_server` (`make pydeps`), else on the PATH.
public final class MotoServer: Sendable {
    /// `http://127.0.0.1:PORT`, or `https://…` when started with `tls`.
    public let endpoint: String
    /// The access key the server knows (the IAM user's, when verifying).
    public let accessKeyID: String
    /// Its secret: a test value, made by moto.
    public let secretAccessKey: String
    /// Temporary credentials (STS AssumeRole) the server knows when verifying: access key id,
    /// secret, session token. Placeholders otherwise.
    public let temporaryCredentials: (accessKeyID: String, secretAccessKey: String, sessionToken: String)
    /// The region to sign for: moto accepts any; the tests use this one.
    public let region = "us-east-1"
    private let process: ChildProcess

    private init(endpoint: String, keys: [String], process: ChildProcess) {
        self.endpoint = endpoint
        accessKeyID = keys[0]
        secretAccessKey = keys[1]
        temporaryCredentials = (keys[2], keys[3], keys[4])
        self.process = process
    }

    /// One verifying http server for the whole test process, started on first use and killed at
    /// exit: each start costs a Python and boto3's IAM setup (seconds of CPU), so tests share it
    /// and keep apart by bucket (`uniqueBucket`). Never `stop()` it.
    public static func shared() async throws -> MotoServer { try await starter.server() }

    /// A bucket name no other test uses: `prefix` and 8 random hex digits.
    public static func uniqueBucket(_ prefix: String) -> String {
        prefix + "-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(8)
    }

    private static let starter = SharedServer<MotoServer> {
        let server = try await start()
        return (server, server.process.pid)
    }

    /// The `moto_server` to run and the Python that has its boto3: the project's `.venv`, else the PATH's.
    public static func executables() -> (motoServer: String, python: String)? {
        let venvMoto = ChildProcess.repositoryRoot + "/.venv/bin/moto_server"
        if FileManager.default.isExecutableFile(atPath: venvMoto) { return (venvMoto, ChildProcess.python) }
        guard let moto = ChildProcess.which("moto_server"), let python = ChildProcess.which("python3") else { return nil }
        return (moto, python)
    }

    /// A self-signed certificate for `localhost` and `127.0.0.1` (CA:TRUE, so it is its own trust
    /// root) and its key, for `start(tls:)`.
    public static let testCertificate = (
        certificate: ChildProcess.repositoryRoot + "/Tool/Tests/TapedeckServersTests/Fixtures/test-cert.pem",
        key: ChildProcess.repositoryRoot + "/Tool/Tests/TapedeckServersTests/Fixtures/test-key.pem"
    )

    /// Starts a server on a free loopback port and waits until it answers; throws when no
    /// `moto_server` is installed (run `make pydeps`), when it does not start within 60 s, or when
    /// the IAM setup fails.
    public static func start(
        verifyingSignatures: Bool = true, tls: (certificate: String, key: String)? = nil
    ) async throws -> MotoServer {
        guard let (moto, python) = executables() else {
            throw ChildProcessError(
                message: "moto_server is not installed: run `make pydeps` (it installs moto[server] into .venv)")
        }
        let process = try ChildProcess(
            moto, ["-H", "127.0.0.1", "-p", "0"] + (tls.map { ["-c", $0.certificate, "-k", $0.key] } ?? []),
            environment: verifyingSignatures ? ["INITIAL_NO_AUTH_ACTION_COUNT": "5"] : [:])
        let scheme = tls == nil ? "http" : "https"
        let line = try await process.errorLine(seconds: 60) { $0.contains("Running on \(scheme)://127.0.0.1:") }.line
        guard let range = line.range(of: "\(scheme)://127.0.0.1:") else {
            throw ChildProcessError(message: "moto_server printed no address: \(line)")
        }
        let endpoint = String(line[range.lowerBound...].prefix { !$0.isWhitespace })
        guard verifyingSignatures else {
            return MotoServer(
                endpoint: endpoint, keys: ["testing", "testing", "testing", "testing", "testing"], process: process)
        }
        let setup = try await ChildProcess.run(
            python, ["-c", iamSetup], environment: ["MOTO_ENDPOINT": endpoint, "MOTO_CA": tls?.certificate ?? ""],
            seconds: 120)
        guard setup.status == 0, setup.output.count == 5, !setup.output.contains(where: \.isEmpty) else {
            throw ChildProcessError(message: "moto's IAM setup failed (\(setup.status)): \(setup.standardError)")
        }
        return MotoServer(endpoint: endpoint, keys: setup.output, process: process)
    }

    /// Five unauthenticated actions (what INITIAL_NO_AUTH_ACTION_COUNT allows), then AssumeRole
    /// signed with the new key. Prints the key, its secret, and the temporary key, secret and token,
    /// one a line.
    private static let iamSetup = """
        import json, os, boto3
        where = dict(endpoint_url=os.environ["MOTO_ENDPOINT"], region_name="us-east-1", verify=os.environ["MOTO_CA"] or None)
        iam = boto3.client("iam", aws_access_key_id="bootstrap", aws_secret_access_key="bootstrap", **where)
        everything = '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"*","Resource":"*"}]}'
        user = iam.create_user(UserName="tapedeck-tests")["User"]
        key = iam.create_access_key(UserName="tapedeck-tests")["AccessKey"]
        iam.put_user_policy(UserName="tapedeck-tests", PolicyName="everything", PolicyDocument=everything)
        trust = {"Version": "2012-10-17", "Statement": [
            {"Effect": "Allow", "Principal": {"AWS": user["Arn"]}, "Action": "sts:AssumeRole"}]}
        role = iam.create_role(RoleName="tapedeck-tests", AssumeRolePolicyDocument=json.dumps(trust))["Role"]
        iam.put_role_policy(RoleName="tapedeck-tests", PolicyName="everything", PolicyDocument=everything)
        sts = boto3.client("sts", aws_access_key_id=key["AccessKeyId"], aws_secret_access_key=key["SecretAccessKey"], **where)
        temporary = sts.assume_role(RoleArn=role["Arn"], RoleSessionName="tapedeck-tests")["Credentials"]
        for value in [key["AccessKeyId"], key["SecretAccessKey"],
                      temporary["AccessKeyId"], temporary["SecretAccessKey"], temporary["SessionToken"]]:
            print(value)
        """

    /// Stops the server and waits for it. SIGKILL: a child started from the test process can
    /// inherit a mask that blocks SIGTERM, and then only the wait's deadline ended it, 10 s later.
    public func stop() async {
        process.signal(SIGKILL)
        await process.wait(seconds: 10)
    }
}
