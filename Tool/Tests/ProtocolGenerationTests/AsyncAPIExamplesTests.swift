import Foundation
import TestSupport
import Testing

/// Issue 18: docs/baolife.asyncapi.yaml (generated) describes every example of docs/PROTOCOL.md,
/// checked by an independent validator: Python's `jsonschema` (Draft 7, the dialect AsyncAPI
/// schemas build on), reading the YAML with PyYAML.
@Suite struct AsyncAPIExamplesTests {
    static let script = #"""
        import json, re, sys, yaml
        from jsonschema import Draft7Validator
        doc = yaml.safe_load(open(sys.argv[1]))
        assert doc["asyncapi"] == "3.0.0"
        def validator(name):
            return Draft7Validator({"$ref": "#/components/schemas/" + name, "components": doc["components"]})
        lines = open(sys.argv[2]).read().split("\n")
        section, heading, count, errors = None, None, 0, []
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.startswith("## "):
                section = {"## Server to client": "server", "## Client to server": "client"}.get(line.strip())
            match = re.match(r"^### (\S+)$", line)
            if match:
                heading = match.group(1)
            if line.strip() == "```json" and section:
                j = i + 1
                while lines[j].strip() != "```":
                    j += 1
                example = json.loads("\n".join(lines[i + 1:j]))
                name = section + "." + example["type"]
                if example["type"] != heading:
                    errors.append("%s: example under ### %s" % (name, heading))
                errors += ["%s: %s" % (name, e.message) for e in validator(name).iter_errors(example)]
                count += 1
                i = j
            i += 1
        # The policy of docs/PROTOCOL.md: integral numbers are integers, fractions are not.
        u = validator("server.u")
        if not u.is_valid({"type": "u", "message": {"energy": 100.0}}): errors.append("100.0 refused")
        if u.is_valid({"type": "u", "message": {"energy": 99.5}}): errors.append("99.5 accepted")
        if validator("server.claimResult").is_valid({"type": "claimResult", "message": {"accepted": True}}):
            errors.append("a missing required field accepted")
        print(count)
        for error in errors:
            print(error)
        sys.exit(1 if errors else 0)
        """#

    @Test func everyDocumentedExampleValidates() async throws {
        let root = GeneratedFilesTests.root
        let python = try #require(await Self.python(root: root), "no Python with jsonschema and PyYAML: run `make pydeps`")
        let run = try await ChildProcess.run(
            "/usr/bin/env",
            [
                python, "-c", Self.script, root.appendingPathComponent("docs/baolife.asyncapi.yaml").path,
                root.appendingPathComponent("docs/PROTOCOL.md").path,
            ])
        let output = run.standardOutput + run.standardError
        #expect(run.status == 0, "\(output)")
        // One example per message type of both directions.
        #expect(output.hasPrefix("46\n"), "\(output)")
    }

    /// The project's venv (`make pydeps` installs both there), else the system's python3 if it has them.
    static func python(root: URL) async -> String? {
        for candidate in [root.appendingPathComponent(".venv/bin/python").path, "python3"] {
            let probe = try? await ChildProcess.run("/usr/bin/env", [candidate, "-c", "import jsonschema, yaml"])
            if probe?.status == 0 { return candidate }
        }
        return nil
    }
}
