import Foundation
import Testing

/// Issue 42, item 7, and issue 53, item 10: the public API of every runtime target (`Sources/*`:
/// the five libraries an app links and the six the tool builds on) documents itself as SwiftNIO's
/// does. Every public type, property, function, initializer and subscript (and every
/// requirement of a public protocol) has a `///` comment; a function, initializer or subscript
/// with parameters names each in `- Parameter name:` (one) or a `- Parameters:` list (several, in
/// the signature's order, by the name the body uses), as swift-format's ValidateDocumentationComments
/// and DocC read them; `- Returns:` when it returns something (not `Void`, `()` or `Never`), and
/// only then; `- Throws:` when it is `throws` (not `rethrows`), and only when it throws. A text scan
/// of the sources; files under `Generated/` (written by `make generate`) are left out, and so is
/// what `@_spi(TapedeckTool)` keeps from apps (with everything inside it).
///
/// An operator, and a member whose meaning is its standard protocol's (`description`,
/// `hash(into:)`, `advanced(by:)`, `duration(to:)`, `distance(to:)`, `makeIterator()`, a
/// non-throwing `next()`), needs no comment; one it has may say what is the type's own (`==`
/// compares only the reports) but does not repeat the protocol in `- Parameter(s):` or `- Returns:`.
@Suite struct PublicAPIDocTests {
    /// Every runtime target: each folder of `Sources/`, so a new target is held to the rule at once.
    static func runtimeTargets() throws -> [String] {
        let sources = TapedeckBinary.repositoryRoot.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: sources.appendingPathComponent($0).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    @Test func everyPublicDeclarationOfTheRuntimeIsDocumented() throws {
        let root = TapedeckBinary.repositoryRoot
        var problems: [String] = []
        var declarations = 0
        let targets = try Self.runtimeTargets()
        // The five app libraries and the six the tool builds on, at least (docs/ARCHITECTURE.md).
        #expect(targets.count >= 11, "found only \(targets) under Sources/")
        for target in targets {
            let folder = root.appendingPathComponent("Sources/\(target)")
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            #expect(!files.isEmpty, "no sources in \(folder.path)")
            for file in files.sorted() where file.hasSuffix(".swift") && !file.split(separator: "/").contains("Generated") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let scan = PublicAPIDocScan(source: text)
                declarations += scan.declarations
                problems += scan.problems.map { "Sources/\(target)/\(file):\($0.line): \($0.message)" }
            }
        }
        // A scan that finds nothing checks nothing: the runtime has well over a thousand public declarations.
        #expect(declarations > 1000, "the scan found only \(declarations) public declarations")
        #expect(
            problems.isEmpty,
            "\(problems.count) gap\(problems.count == 1 ? "" : "s") in the public API's documentation (issue 42, item 7; issue 53, item 10):\n\(problems.joined(separator: "\n"))"
        )
    }

    /// The scan reads what it should: each rule, on a small source.
    @Test func theScanFindsEachKindOfGap() {
        let source = """
            /// Documented.
            public struct Good {
                /// Adds.
                ///
                /// - Parameters:
                ///   - left: The first.
                ///   - right: The second.
                /// - Returns: The sum.
                /// - Throws: Never really.
                @discardableResult
                public func add(_ left: Int, to right: Int = 1) throws -> Int { left + right }

                /// Runs.
                ///
                /// - Parameters:
                ///   - work: A closure, whose `(Int, String) -> Void` is no parameter list.
                ///   - label: A brace in a string is no brace.
                public func run(work: @escaping (Int, String) -> Void = { _, _ in }, label: String = "}{") {}

                /// Gets.
                ///
                /// - Parameter index: The position.
                /// - Returns: The value.
                public subscript(index: Int) -> Int { index }

                /// Counts.
                ///
                /// - Parameters:
                ///   - values: Generic, with a comma in `Dictionary<String, Int>`.
                ///   - size: A shift is no generic.
                /// - Returns: The count.
                public static func count<Value: Equatable>(_ values: [Value: Dictionary<String, Int>], size: Int = 1 << 20) -> Int { 0 }
            }
            public struct Bare {
                public var undocumented: Int
                /// One.
                ///
                /// - Parameters:
                ///   - value: The value.
                public init(value: Int) {}
                /// Two.
                ///
                /// - Parameter left: The first.
                public func pair(left: Int, right: Int) -> Int { 0 }
                /// Nothing back.
                ///
                /// - Parameter text: The text.
                /// - Returns: Nothing.
                public func void(text: String) {}
            }
            /// A protocol.
            public protocol Socket {
                func send(_ message: String) async throws
                /// Hidden "{" in a string, and a // comment.
                var closeCode: Int { get }
            }
            struct Internal { func helper(x: Int) -> Int { x } }
            @_spi(TapedeckTool)
            public struct ToolOnly {
                public var hidden: Int
                public func helper(x: Int) -> Int { x }
            }
            @_spi(TapedeckTool) public enum AlsoToolOnly { public static let hidden = 1 }
            @_spi(TapedeckTool) public let toolConstant = 1
            extension Good {
                public var afterToolOnly: Int { 0 }
            }
            /// An instant.
            public struct Instant: Comparable, CustomStringConvertible {
                public static func < (left: Instant, right: Instant) -> Bool { true }
                public var description: String { "" }
                /// Whether one comes first.
                ///
                /// - Parameters:
                ///   - left: The first instant.
                ///   - right: The second instant.
                /// - Returns: True when left is first.
                public static func == (left: Instant, right: Instant) -> Bool { true }
                /// Moves on.
                public func advanced(by step: Int) -> Instant { self }
                public func next() throws -> Int { 0 }
            }
            """
        let scan = PublicAPIDocScan(source: source)
        let found = scan.problems.map { "\($0.line): \($0.message)" }
        #expect(
            found == [
                "34: public struct Bare has no /// comment",
                "35: public var undocumented has no /// comment",
                "40: init: one parameter is documented as `- Parameter value:`, not in a `- Parameters:` list",
                "44: func pair: its parameters (left, right) need a `- Parameters:` list (it documents left)",
                "44: func pair: returns Int but has no `- Returns:`",
                "49: func void: returns nothing but documents `- Returns:`",
                "53: func send has no /// comment",
                "66: public var afterToolOnly has no /// comment",
                "78: func == means what its protocol says: its comment repeats it in `- Parameter(s):` or `- Returns:`",
                "81: public func next has no /// comment",
            ], "\(found.joined(separator: "\n"))")
        #expect(scan.declarations == 20)
    }
}

/// A text scan of one Swift source for the public declarations and their `///` comments.
struct PublicAPIDocScan {
    struct Problem {
        var line: Int
        var message: String
    }

    /// How many public declarations the source has (requirements of its public protocols included).
    private(set) var declarations = 0
    private(set) var problems: [Problem] = []

    /// The source's lines as written (for the comments) and with comments and string literals'
    /// contents blanked (for the code).
    private let lines: [String]
    private let code: [String]

    init(source: String) {
        lines = source.components(separatedBy: "\n")
        code = Self.blankCommentsAndStrings(source).components(separatedBy: "\n")
        scan()
    }

    private static let modifiers: Set<String> = [
        "public", "open", "internal", "private", "fileprivate", "package", "static", "class", "final", "override",
        "mutating", "nonmutating", "nonisolated", "convenience", "required", "dynamic", "lazy", "weak", "unowned",
        "indirect", "consuming", "borrowing", "distributed", "optional",
    ]
    private static let typeKeywords: Set<String> = [
        "struct", "class", "enum", "protocol", "actor", "typealias", "associatedtype",
    ]
    private static let functionKeywords: Set<String> = ["func", "init", "subscript"]
    private static let propertyKeywords: Set<String> = ["var", "let"]

    /// What a `{` opens: a public protocol's body (whose requirements are public), the body of an
    /// `@_spi` declaration (not an app's API), or anything else.
    private enum Scope {
        case publicProtocol
        case toolOnly
        case other
    }

    private mutating func scan() {
        var scopes: [Scope] = []
        var pending: Scope?
        var index = 0
        while index < code.count {
            let line = code[index]
            // Inside a tool-only body nothing is checked, and its braces need no mark of their own.
            let inToolOnly = scopes.contains(.toolOnly)
            let markedToolOnly = isSPI(at: index)
            if markedToolOnly { pending = .toolOnly }
            if !inToolOnly, !markedToolOnly, let declaration = Self.declaration(line) {
                let inPublicProtocol = scopes.last == .publicProtocol
                let isPublic = declaration.modifiers.contains("public") || declaration.modifiers.contains("open")
                pending = declaration.keyword == "protocol" && isPublic ? .publicProtocol : .other
                if isPublic || (inPublicProtocol && declaration.keyword != "case") {
                    check(declaration, at: index)
                }
            }
            for character in line {
                if character == "{" {
                    scopes.append(pending ?? .other)
                    pending = nil
                } else if character == "}" {
                    _ = scopes.popLast()
                }
            }
            // A tool-only declaration without a body leaves nothing for a later `{` to inherit.
            if markedToolOnly, !line.contains("{"), Self.declaration(line) != nil { pending = nil }
            index += 1
        }
    }

    /// Whether the line, or a line of attributes alone right above it, has `@_spi(...)`.
    private func isSPI(at index: Int) -> Bool {
        var line = index
        while line >= 0 {
            if code[line].contains("@_spi(") { return true }
            guard line > 0 else { return false }
            let above = code[line - 1].trimmingCharacters(in: .whitespaces)
            guard above.hasPrefix("@"), Self.declaration(above) == nil else { return false }
            line -= 1
        }
        return false
    }

    private struct Declaration {
        var modifiers: Set<String>
        var keyword: String
        var name: String
    }

    /// The declaration a line of code starts, if it starts one: attributes, modifiers, a keyword.
    private static func declaration(_ line: String) -> Declaration? {
        var rest = Substring(line.trimmingCharacters(in: .whitespaces))
        var modifiers: Set<String> = []
        while true {
            if rest.hasPrefix("@") {
                // An attribute, with its arguments when it has any.
                var end = rest.index(after: rest.startIndex)
                while end < rest.endIndex, rest[end].isLetter || rest[end].isNumber || rest[end] == "_" {
                    end = rest.index(after: end)
                }
                if end < rest.endIndex, rest[end] == "(" {
                    guard let close = Self.matching(rest, from: end) else { return nil }
                    end = rest.index(after: close)
                }
                rest = rest[end...].drop(while: { $0 == " " })
                continue
            }
            let word = rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
            guard !word.isEmpty else { return nil }
            var after = rest[word.endIndex...]
            if Self.modifiers.contains(String(word)) {
                if after.hasPrefix("(set)") { after = after.dropFirst(5) }
                // `class` is a modifier only before another keyword (`class func`), else a type.
                if word == "class", !(after.first == " " && Self.isKeywordNext(after)) {
                    return Declaration(modifiers: modifiers, keyword: "class", name: Self.name(after))
                }
                modifiers.insert(String(word))
                rest = after.drop(while: { $0 == " " })
                continue
            }
            let keyword = String(word)
            guard
                Self.typeKeywords.contains(keyword) || Self.functionKeywords.contains(keyword)
                    || Self.propertyKeywords.contains(keyword) || keyword == "case"
            else { return nil }
            if keyword == "init" || keyword == "subscript" {
                guard let next = after.first, "(<?!".contains(next) else { return nil }
            } else {
                guard after.first == " " else { return nil }
            }
            return Declaration(modifiers: modifiers, keyword: keyword, name: Self.name(after))
        }
    }

    private static func isKeywordNext(_ text: Substring) -> Bool {
        let word = String(text.drop(while: { $0 == " " }).prefix(while: { $0.isLetter }))
        return modifiers.contains(word) || functionKeywords.contains(word) || propertyKeywords.contains(word)
    }

    /// The name after a keyword: an identifier (backticks dropped) or an operator.
    private static func name(_ text: Substring) -> String {
        let trimmed = text.drop(while: { $0 == " " || $0 == "`" })
        let identifier = trimmed.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
        if !identifier.isEmpty { return String(identifier) }
        return String(trimmed.prefix(while: { "=<>!+-*/%&|^~.?".contains($0) }))
    }

    /// The index of the bracket that closes the one at `open`: (), [] and {} count, and <> too
    /// when `open` is a `<` (generic parameters).
    private static func matching(_ text: Substring, from open: Substring.Index) -> Substring.Index? {
        var depth = 0
        var angles = 0
        var previous: Character = " "
        var index = open
        while index < text.endIndex {
            let character = text[index]
            if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            } else if character == "<", index == open || Self.opensGeneric(character, after: previous) {
                angles += 1
            } else if character == ">", previous != "-", angles > 0 {
                angles -= 1
            }
            if depth == 0, angles == 0 { return index }
            previous = character
            index = text.index(after: index)
        }
        return nil
    }

    /// A `<` right after a name opens generic arguments (`Array<Int>`); `1 << 20` and `a < b` do not.
    private static func opensGeneric(_ character: Character, after previous: Character) -> Bool {
        character == "<" && (previous.isLetter || previous.isNumber || previous == "_")
    }

    private mutating func check(_ declaration: Declaration, at index: Int) {
        declarations += 1
        let doc = documentation(above: index)
        let keyword = declaration.keyword
        let what = Self.functionKeywords.contains(keyword) && keyword != "func" ? keyword : "\(keyword) \(declaration.name)"
        let signature = Self.functionKeywords.contains(keyword) ? signature(from: index) : nil
        if Self.isWitness(declaration, signature) {
            if doc.contains(where: { Self.isTag($0, "Parameter") || Self.isTag($0, "Parameters") || Self.isTag($0, "Returns") }) {
                problem(
                    index,
                    "\(what) means what its protocol says: its comment repeats it in `- Parameter(s):` or `- Returns:`")
            }
            return
        }
        guard !doc.isEmpty else {
            // A protocol's requirement has no access modifier of its own.
            let access = ["open", "public"].first { declaration.modifiers.contains($0) }.map { "\($0) " } ?? ""
            return problem(index, "\(access)\(what) has no /// comment")
        }
        guard Self.functionKeywords.contains(keyword) else { return }
        guard let signature else {
            return problem(index, "\(what): the scan could not read its signature")
        }
        let documented = Self.parameters(in: doc)
        let names = signature.parameters
        if names.count == 1 {
            if documented.plural {
                problem(
                    index, "\(what): one parameter is documented as `- Parameter \(names[0]):`, not in a `- Parameters:` list")
            } else if documented.names != names {
                problem(index, "\(what): its parameter \(names[0]) needs `- Parameter \(names[0]):`" + Self.had(documented.names))
            }
        } else if names.count > 1 {
            if !documented.plural || documented.names != names {
                let list = names.joined(separator: ", ")
                problem(index, "\(what): its parameters (\(list)) need a `- Parameters:` list" + Self.had(documented.names))
            }
        } else if !documented.names.isEmpty {
            problem(index, "\(what): it has no parameters but documents \(documented.names.joined(separator: ", "))")
        }
        let returns = doc.contains { Self.isTag($0, "Returns") }
        if let type = signature.returnType, !returns {
            problem(index, "\(what): returns \(type) but has no `- Returns:`")
        } else if signature.returnType == nil, returns {
            problem(index, "\(what): returns nothing but documents `- Returns:`")
        }
        let throwsTag = doc.contains { Self.isTag($0, "Throws") }
        if signature.throwing == "throws", !throwsTag {
            problem(index, "\(what): throws but has no `- Throws:`")
        } else if signature.throwing == nil, throwsTag {
            problem(index, "\(what): does not throw but documents `- Throws:`")
        }
    }

    /// The members a standard protocol gives their meaning to, as `func name(labels:)` or `var name`.
    private static let witnesses: Set<String> = [
        "var description", "var debugDescription", "func hash(into:)", "func advanced(by:)", "func duration(to:)",
        "func distance(to:)", "func makeIterator()", "func next()",
    ]

    /// An operator, or a non-throwing member of `witnesses`.
    private static func isWitness(_ declaration: Declaration, _ signature: Signature?) -> Bool {
        let name = declaration.name
        if declaration.keyword == "func", !name.isEmpty, name.allSatisfy({ "=<>!+-*/%&|^~.?".contains($0) }) { return true }
        if declaration.keyword == "var" { return witnesses.contains("var \(name)") }
        guard declaration.keyword == "func", let signature, signature.throwing == nil else { return false }
        return witnesses.contains("func \(name)(\(signature.labels.map { "\($0):" }.joined()))")
    }

    private static func had(_ names: [String]) -> String {
        names.isEmpty ? "" : " (it documents \(names.joined(separator: ", ")))"
    }

    private mutating func problem(_ index: Int, _ message: String) {
        problems.append(Problem(line: index + 1, message: message))
    }

    /// The `///` lines right above the declaration, past its attribute lines, without the slashes.
    private func documentation(above index: Int) -> [String] {
        var line = index - 1
        while line >= 0, code[line].trimmingCharacters(in: .whitespaces).hasPrefix("@") { line -= 1 }
        var doc: [String] = []
        while line >= 0 {
            let text = lines[line].trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("///") else { break }
            doc.insert(String(text.dropFirst(3)), at: 0)
            line -= 1
        }
        return doc
    }

    private static func isTag(_ line: String, _ tag: String) -> Bool {
        line.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("- \(tag.lowercased()):")
    }

    /// The parameters a comment documents, in order, and whether as a `- Parameters:` list.
    private static func parameters(in doc: [String]) -> (names: [String], plural: Bool) {
        var names: [String] = []
        var plural = false
        var listIndent: Int?
        for line in doc {
            let indent = line.prefix(while: { $0 == " " }).count
            let text = line.trimmingCharacters(in: .whitespaces)
            if let outer = listIndent {
                if indent > outer, text.hasPrefix("- "), let colon = text.firstIndex(of: ":") {
                    names.append(String(text[text.index(text.startIndex, offsetBy: 2)..<colon]))
                    continue
                }
                if indent > outer || text.isEmpty { continue }
                listIndent = nil
            }
            if text.lowercased() == "- parameters:" {
                plural = true
                listIndent = indent
            } else if text.lowercased().hasPrefix("- parameter "), let colon = text.firstIndex(of: ":") {
                names.append(String(text[text.index(text.startIndex, offsetBy: 12)..<colon]).trimmingCharacters(in: .whitespaces))
            }
        }
        return (names, plural)
    }

    private struct Signature {
        /// The names the body uses (a label's parameter name when it has both).
        var parameters: [String]
        /// The argument labels, `_` where there is none.
        var labels: [String]
        /// What it returns; nil when nothing (`Void`, `()`, `Never`, an initializer).
        var returnType: String?
        /// `throws`, `rethrows` or nil.
        var throwing: String?
    }

    /// The signature of the function, initializer or subscript declared at `index`: its code up
    /// to the body's `{`, or to its end where a protocol requirement has no body.
    private func signature(from index: Int) -> Signature? {
        var text = ""
        var line = index
        while line < code.count {
            let part = code[line]
            text += " " + part
            if let body = Self.bodyStart(text) {
                text = String(text[..<body])
                break
            }
            let next = line + 1 < code.count ? code[line + 1].trimmingCharacters(in: .whitespaces) : ""
            let continues = ["->", "async", "throws", "rethrows", "where", "{"].contains { next.hasPrefix($0) }
            if Self.balanced(text), !continues, !text.hasSuffix(",") { break }
            line += 1
        }
        guard let keywordRange = text.range(of: #"\b(func|init|subscript)\b"#, options: .regularExpression) else { return nil }
        // Past the name (a function's: an identifier or an operator) and the generic parameters.
        var rest = text[keywordRange.upperBound...].drop(while: { $0 == " " || $0 == "`" })
        if text[keywordRange] == "func" { rest = rest.dropFirst(Self.name(rest).count) }
        rest = rest.drop(while: { " `?!".contains($0) })
        if rest.first == "<" {
            guard let close = Self.matching(rest, from: rest.startIndex) else { return nil }
            rest = rest[rest.index(after: close)...].drop(while: { $0 == " " })
        }
        guard let listOpen = rest.first == "(" ? rest.startIndex : nil, let listClose = Self.matching(rest, from: listOpen)
        else { return nil }
        let list = rest[rest.index(after: listOpen)..<listClose]
        let declared = Self.splitTopLevel(list).compactMap { parameter -> [String]? in
            guard let colon = Self.firstTopLevelColon(parameter) else { return nil }
            return parameter[..<colon].split(separator: " ").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }
        }
        let parameters = declared.compactMap { words in words.last.flatMap { $0 == "_" ? nil : $0 } }
        let labels = declared.compactMap(\.first)
        var effects = rest[rest.index(after: listClose)...].trimmingCharacters(in: .whitespaces)
        if let whereClause = effects.range(of: #"\swhere\s"#, options: .regularExpression) {
            effects = String(effects[..<whereClause.lowerBound])
        }
        var returnType: String?
        if let arrow = effects.range(of: "->") {
            let type = effects[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
            returnType = ["Void", "()", "Never"].contains(type) ? nil : type
            effects = String(effects[..<arrow.lowerBound])
        }
        let throwing = ["rethrows", "throws"].first { effects.range(of: #"\b\#($0)\b"#, options: .regularExpression) != nil }
        return Signature(parameters: parameters, labels: labels, returnType: returnType, throwing: throwing)
    }

    /// Where the body's `{` is: the first outside every bracket.
    private static func bodyStart(_ text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            let character = text[index]
            if character == "{", depth == 0 { return index }
            if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            }
        }
        return nil
    }

    private static func balanced(_ text: String) -> Bool {
        text.filter { "([{".contains($0) }.count == text.filter { ")]}".contains($0) }.count
    }

    /// The parts of a parameter list between its commas (none inside brackets).
    private static func splitTopLevel(_ text: Substring) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var previous: Character = " "
        var start = text.startIndex
        for index in text.indices {
            let character = text[index]
            if "([{".contains(character) || Self.opensGeneric(character, after: previous) {
                depth += 1
            } else if ")]}".contains(character) || (character == ">" && previous != "-" && depth > 0) {
                depth -= 1
            } else if character == ",", depth == 0 {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            previous = character
        }
        if !text[start...].trimmingCharacters(in: .whitespaces).isEmpty { parts.append(text[start...]) }
        return parts
    }

    private static func firstTopLevelColon(_ text: Substring) -> Substring.Index? {
        var depth = 0
        for index in text.indices {
            let character = text[index]
            if character == ":", depth == 0 { return index }
            if "([{".contains(character) { depth += 1 } else if ")]}".contains(character) { depth -= 1 }
        }
        return nil
    }

    /// The source with every comment and every string literal's contents replaced by spaces
    /// (quotes and line breaks kept), so brackets in them count for nothing.
    static func blankCommentsAndStrings(_ source: String) -> String {
        let characters = Array(source)
        var output: [Character] = []
        output.reserveCapacity(characters.count)
        var index = 0
        func blank(_ character: Character) { output.append(character == "\n" ? "\n" : " ") }
        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text)
            guard position + pattern.count <= characters.count else { return false }
            return Array(characters[position..<position + pattern.count]) == pattern
        }
        while index < characters.count {
            let character = characters[index]
            if starts("//", at: index) {
                while index < characters.count, characters[index] != "\n" {
                    blank(characters[index])
                    index += 1
                }
            } else if starts("/*", at: index) {
                var depth = 0
                repeat {
                    if starts("/*", at: index) {
                        depth += 1
                        blank(" ")
                        blank(" ")
                        index += 2
                    } else if starts("*/", at: index) {
                        depth -= 1
                        blank(" ")
                        blank(" ")
                        index += 2
                    } else {
                        blank(characters[index])
                        index += 1
                    }
                } while depth > 0 && index < characters.count
            } else if character == "\""
                || (character == "#" && index + 1 < characters.count && "#\"".contains(characters[index + 1]))
            {
                var hashes = 0
                while index < characters.count, characters[index] == "#" {
                    hashes += 1
                    output.append("#")
                    index += 1
                }
                guard index < characters.count, characters[index] == "\"" else { continue }
                let quotes = starts("\"\"\"", at: index) ? "\"\"\"" : "\""
                output.append(contentsOf: quotes)
                index += quotes.count
                let terminator = quotes + String(repeating: "#", count: hashes)
                while index < characters.count, !starts(terminator, at: index) {
                    if hashes == 0, characters[index] == "\\", index + 1 < characters.count {
                        blank(characters[index])
                        index += 1
                    }
                    blank(characters[index])
                    index += 1
                }
                output.append(contentsOf: terminator)
                index += terminator.count
            } else {
                output.append(character)
                index += 1
            }
        }
        return String(output)
    }
}
