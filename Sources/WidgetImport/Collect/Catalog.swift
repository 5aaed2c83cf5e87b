import SwiftSyntax

/// A Swift type as written, reduced to what the importer uses: `Order?` → `Order`,
/// `[OrderItem]` → element `OrderItem`.
struct TypeName: Hashable, Sendable, CustomStringConvertible {
    var name: String
    var isList = false
    var isOptional = false

    init(name: String, isList: Bool = false, isOptional: Bool = false) {
        self.name = name; self.isList = isList; self.isOptional = isOptional
    }

    init?(_ syntax: TypeSyntax?) {
        guard let syntax else { return nil }
        self.init(text: syntax.trimmedDescription)
    }

    init(text: String) {
        var t = text
        for prefix in ["some ", "any "] where t.hasPrefix(prefix) { t = String(t.dropFirst(prefix.count)) }
        t = t.filter { $0 != " " }
        while t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast(); isOptional = true }
        if t.hasPrefix("Optional<"), t.hasSuffix(">") { t = String(t.dropFirst(9).dropLast()); isOptional = true }
        if t.hasPrefix("["), t.hasSuffix("]"), !t.contains(":") {
            t = String(t.dropFirst().dropLast()); isList = true
            while t.hasSuffix("?") { t.removeLast() }
        } else if t.hasPrefix("Array<"), t.hasSuffix(">") {
            t = String(t.dropFirst(6).dropLast()); isList = true
        }
        name = t
    }

    var element: TypeName { TypeName(name: name) }
    var description: String { isList ? "[\(name)]" : name }

    /// The last component of a dotted name: `DeliveryAttributes.ContentState` → `ContentState`.
    var shortName: String { String(name.split(separator: ".").last ?? Substring(name)) }

    static let string = TypeName(name: "String")
    static let date = TypeName(name: "Date")
    static let double = TypeName(name: "Double")
    static let int = TypeName(name: "Int")
    static let bool = TypeName(name: "Bool")
    static let color = TypeName(name: "Color")

    var isDate: Bool { name == "Date" }
    var isNumber: Bool { ["Int", "Double", "Float", "CGFloat", "TimeInterval", "Decimal", "Int64", "Int32", "UInt", "Float64"].contains(name) }
    /// Swift's integer types: `/` between two of them drops the remainder (`2340 / 1000` is 2).
    var isInteger: Bool { ["Int", "Int64", "Int32", "Int16", "Int8", "UInt", "UInt64", "UInt32", "UInt16", "UInt8"].contains(name) }
    var isText: Bool { ["String", "LocalizedStringKey", "LocalizedStringResource", "Substring", "AttributedString"].contains(name) }
    var isBool: Bool { name == "Bool" }
}

/// A stored property: a data field of a model type, or a parameter of a view.
struct StoredProperty {
    var name: String
    var type: TypeName?
    /// `@Environment(\.widgetFamily)` → `widgetFamily`.
    var environmentKey: String?
    var hasDefault: Bool
    var spot: SourceSpot
    /// The initial value as written (`var metrics: Metrics = .compact`), if any.
    var defaultValue: ExprSyntax? = nil
}

/// A computed property or function whose body the importer may translate.
struct Member {
    var name: String
    var type: TypeName?
    var parameters: [(label: String?, name: String, type: TypeName?)]
    var body: CodeBlockItemListSyntax
    var isViewBuilder: Bool
    var isStatic: Bool
    var source: SwiftSource
    var decl: Syntax
    var owner: String?

    /// Returns a view: `some View`, a `@ViewBuilder`, or a type ending in `View`.
    var returnsView: Bool {
        isViewBuilder || ["View", "AnyView", "Text", "Image"].contains(type?.name ?? "")
    }
}

/// A struct, class or enum the given files declare (or extend).
struct TypeInfo {
    enum Kind { case structure, enumeration, unknown }
    var name: String
    var kind: Kind
    var conformances: [String] = []
    var stored: [StoredProperty] = []
    /// One member per name: the one without parameters when Swift's overloading by argument
    /// labels gives a name several (`var body` and `func body(for:)`), else the first declared.
    var members: [String: Member] = [:]
    var memberOrder: [String] = []
    /// Every member of a name, in declaration order (what a call with arguments chooses from).
    var overloads: [String: [Member]] = [:]
    /// The defaults of explicit initializers' parameters, by parameter name (the first declared).
    var initDefaults: [String: (value: ExprSyntax, type: TypeName?)] = [:]
    /// Enum cases in declaration order, with raw values written as literals.
    var cases: [(name: String, raw: String?)] = []
    var spot: SourceSpot
    var source: SwiftSource?
    var decl: Syntax?
    /// Every declaration and extension of the type, for its fingerprint.
    var parts: [(Syntax, SwiftSource)] = []
    /// `var body: some View` (views) or `some WidgetConfiguration` (widgets).
    var body: Member? { members["body"] }

    var isView: Bool { conformances.contains("View") || !isWidget && body?.type?.name == "View" }
    var isWidget: Bool { conformances.contains("Widget") || conformances.contains("ControlWidget") }
    var isEntry: Bool { conformances.contains("TimelineEntry") }
    var isActivityAttributes: Bool { conformances.contains("ActivityAttributes") }

    func property(_ name: String) -> StoredProperty? { stored.first { $0.name == name } }

    mutating func add(_ m: Member) {
        overloads[m.name, default: []].append(m)
        guard let existing = members[m.name] else {
            memberOrder.append(m.name)
            members[m.name] = m
            return
        }
        // A later declaration of the same signature replaces the earlier (an extension's); one with
        // other parameters is an overload and never hides a member without parameters.
        if existing.parameters.isEmpty == m.parameters.isEmpty || !existing.parameters.isEmpty { members[m.name] = m }
    }

    /// The member `name` a call with these argument labels means: the overload whose parameter
    /// labels match, else the one of that many parameters, else `members[name]`.
    func member(_ name: String, labels: [String?]) -> Member? {
        let candidates = overloads[name] ?? []
        if let exact = candidates.last(where: { $0.parameters.map(\.label) == labels }) { return exact }
        if let counted = candidates.last(where: { $0.parameters.count == labels.count }) { return counted }
        return members[name]
    }
}

/// `#Preview(…) { … } timeline: { … }` and friends.
struct PreviewMacro {
    var name: String?
    /// `as: .systemSmall`, `.dynamicIsland(.expanded)`, `.content`.
    var family: String?
    var node: Syntax
    var source: SwiftSource
}

/// Every declaration of the given files that the translation looks up by name.
struct Catalog {
    var types: [String: TypeInfo] = [:]
    var typeOrder: [String] = []
    /// Free functions, and top-level `var body`/computed properties of fragments.
    var functions: [String: Member] = [:]
    var previews: [PreviewMacro] = []
    /// Top-level closures and expressions that build views (fragments).
    var fragments: [(node: Syntax, source: SwiftSource)] = []

    init(_ sources: [SwiftSource]) {
        for s in sources { collect(s) }
    }

    func type(_ name: String?) -> TypeInfo? {
        guard let name else { return nil }
        if let t = types[name] { return t }
        let short = String(name.split(separator: ".").last ?? Substring(name))
        return types[short]
    }

    var views: [TypeInfo] { typeOrder.compactMap { types[$0] }.filter(\.isView) }

    private mutating func register(_ t: TypeInfo) {
        if var old = types[t.name] {
            // An extension met before the declaration, or the other way round.
            if old.kind == .unknown { old.kind = t.kind }
            old.conformances += t.conformances.filter { !old.conformances.contains($0) }
            old.stored += t.stored
            old.parts += t.parts
            for name in t.memberOrder { for m in t.overloads[name] ?? [] { old.add(m) } }
            old.initDefaults.merge(t.initDefaults) { first, _ in first }
            if old.cases.isEmpty { old.cases = t.cases }
            if t.decl != nil, t.kind != .unknown, old.decl == nil || old.source == nil { old.decl = t.decl; old.source = t.source; old.spot = t.spot }
            types[t.name] = old
        } else {
            types[t.name] = t
            typeOrder.append(t.name)
        }
    }

    private mutating func collect(_ source: SwiftSource) {
        collect(source.tree.statements, source: source, depth: 0)
    }

    /// `#if … #endif` blocks nest at most this deep before the importer stops looking inside.
    static let maxConditionalDepth = 16

    /// The declarations of a `#if` block the importer reads: its first clause (the `#if` branch:
    /// `#if os(iOS)`, `#if DEBUG`), as code compiled for an iOS device would mostly see it.
    static func firstClause(_ d: IfConfigDeclSyntax) -> IfConfigClauseSyntax.Elements? {
        d.clauses.first?.elements
    }

    private mutating func collect(_ items: CodeBlockItemListSyntax, source: SwiftSource, depth: Int) {
        for item in items {
            switch item.item {
            case .decl(let d) where d.is(IfConfigDeclSyntax.self):
                guard depth < Self.maxConditionalDepth, let elements = Self.firstClause(d.as(IfConfigDeclSyntax.self)!) else { continue }
                switch elements {
                case .statements(let inner): collect(inner, source: source, depth: depth + 1)
                case .decls(let members): for m in members { declaration(m.decl, source: source, owner: nil) }
                default: break
                }
            case .decl(let d): declaration(d, source: source, owner: nil)
            case .expr(let e):
                if let m = e.as(MacroExpansionExprSyntax.self), m.macroName.text == "Preview" {
                    previews.append(preview(Syntax(m), name: m.arguments, source: source))
                } else if e.is(ClosureExprSyntax.self) || e.is(FunctionCallExprSyntax.self) {
                    fragments.append((Syntax(e), source))
                }
            case .stmt(let s):
                if let e = s.as(ExpressionStmtSyntax.self)?.expression, e.is(IfExprSyntax.self) || e.is(SwitchExprSyntax.self) {
                    fragments.append((Syntax(e), source))
                }
            }
        }
    }

    private func preview(_ node: Syntax, name args: LabeledExprListSyntax, source: SwiftSource) -> PreviewMacro {
        var p = PreviewMacro(name: nil, family: nil, node: node, source: source)
        for a in args {
            if a.label == nil, let s = a.expression.as(StringLiteralExprSyntax.self) { p.name = s.plainText }
            if a.label?.text == "as" { p.family = a.expression.trimmedDescription }
        }
        return p
    }

    private mutating func declaration(_ d: DeclSyntax, source: SwiftSource, owner: String?) {
        if let s = d.as(StructDeclSyntax.self) {
            typeDecl(name: qualified(s.name.text, owner), kind: .structure, inheritance: s.inheritanceClause,
                     members: s.memberBlock.members, decl: Syntax(s), source: source)
        } else if let c = d.as(ClassDeclSyntax.self) {
            typeDecl(name: qualified(c.name.text, owner), kind: .structure, inheritance: c.inheritanceClause,
                     members: c.memberBlock.members, decl: Syntax(c), source: source)
        } else if let e = d.as(EnumDeclSyntax.self) {
            typeDecl(name: qualified(e.name.text, owner), kind: .enumeration, inheritance: e.inheritanceClause,
                     members: e.memberBlock.members, decl: Syntax(e), source: source)
        } else if let x = d.as(ExtensionDeclSyntax.self) {
            let name = x.extendedType.trimmedDescription
            typeDecl(name: name, kind: .unknown, inheritance: x.inheritanceClause, members: x.memberBlock.members,
                     decl: nil, source: source, extensionDecl: Syntax(x))
        } else if let m = d.as(MacroExpansionDeclSyntax.self), m.macroName.text == "Preview" {
            previews.append(preview(Syntax(m), name: m.arguments, source: source))
        } else if let f = d.as(FunctionDeclSyntax.self), owner == nil, let member = Self.member(f, source: source, owner: nil) {
            functions[member.name] = member
        } else if let v = d.as(VariableDeclSyntax.self), owner == nil {
            for member in Self.members(v, source: source, owner: nil) { functions[member.name] = member }
        }
    }

    private func qualified(_ name: String, _ owner: String?) -> String {
        owner.map { "\($0).\(name)" } ?? name
    }

    private mutating func typeDecl(name: String, kind: TypeInfo.Kind, inheritance: InheritanceClauseSyntax?,
                                   members: MemberBlockItemListSyntax, decl: Syntax?, source: SwiftSource,
                                   extensionDecl: Syntax? = nil) {
        let declSyntax = decl ?? extensionDecl!
        var t = TypeInfo(name: name, kind: kind, spot: source.spot(ofPosition: declSyntax.positionAfterSkippingLeadingTrivia), source: source, decl: decl)
        t.conformances = inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        t.parts = [(decl ?? extensionDecl!, source)]
        for d in Self.flattened(members) {
            if let v = d.as(VariableDeclSyntax.self) {
                let isStatic = v.modifiers.contains { $0.name.text == "static" }
                for binding in v.bindings {
                    guard let id = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if let accessors = binding.accessorBlock, !isStatic || true {
                        if let m = Self.member(v, binding: binding, name: id, accessors: accessors, source: source, owner: name, isStatic: isStatic) {
                            t.add(m)
                        }
                    } else if isStatic {
                        // `static let sample = Order(…)`: a body of one expression.
                        if let value = binding.initializer?.value {
                            let body = CodeBlockItemListSyntax([CodeBlockItemSyntax(item: .expr(value))])
                            t.add(Member(name: id, type: TypeName(binding.typeAnnotation?.type), parameters: [], body: body,
                                         isViewBuilder: false, isStatic: true, source: source, decl: Syntax(v), owner: name))
                        }
                    } else {
                        t.stored.append(StoredProperty(name: id, type: TypeName(binding.typeAnnotation?.type),
                                                       environmentKey: Self.environmentKey(v.attributes),
                                                       hasDefault: binding.initializer != nil, spot: source.spot(binding),
                                                       defaultValue: binding.initializer?.value))
                    }
                }
            } else if let f = d.as(FunctionDeclSyntax.self), let m = Self.member(f, source: source, owner: name) {
                t.add(m)
            } else if let i = d.as(InitializerDeclSyntax.self) {
                // `init(…, metrics: Metrics = .compact)`: a parameter's default, by its name.
                for p in i.signature.parameterClause.parameters {
                    guard let value = p.defaultValue?.value else { continue }
                    let pname = (p.secondName ?? p.firstName).text
                    if t.initDefaults[pname] == nil { t.initDefaults[pname] = (value, TypeName(p.type)) }
                }
            } else if let c = d.as(EnumCaseDeclSyntax.self) {
                for e in c.elements {
                    t.cases.append((e.name.text, e.rawValue.map { Self.literalText($0.value) }))
                }
            } else if d.is(StructDeclSyntax.self) || d.is(EnumDeclSyntax.self) || d.is(ClassDeclSyntax.self) {
                declaration(d, source: source, owner: name)
            }
        }
        register(t)
    }

    /// A type's member declarations with `#if` blocks opened (their first clause), in order.
    static func flattened(_ members: MemberBlockItemListSyntax, depth: Int = 0) -> [DeclSyntax] {
        var out: [DeclSyntax] = []
        for item in members {
            if let c = item.decl.as(IfConfigDeclSyntax.self) {
                if depth < maxConditionalDepth, case .decls(let inner)? = firstClause(c) { out += flattened(inner, depth: depth + 1) }
            } else {
                out.append(item.decl)
            }
        }
        return out
    }

    static func literalText(_ e: ExprSyntax) -> String {
        if let s = e.as(StringLiteralExprSyntax.self) { return s.plainText ?? s.trimmedDescription }
        return e.trimmedDescription
    }

    /// `@Environment(\.widgetFamily) var family` → `widgetFamily`.
    static func environmentKey(_ attributes: AttributeListSyntax) -> String? {
        for a in attributes {
            guard case .attribute(let attr) = a, attr.attributeName.trimmedDescription == "Environment",
                  case .argumentList(let args)? = attr.arguments, let first = args.first else { continue }
            let text = first.expression.trimmedDescription
            if text.hasPrefix("\\.") { return String(text.dropFirst(2)) }
            return text
        }
        return nil
    }

    static func hasAttribute(_ attributes: AttributeListSyntax, _ name: String) -> Bool {
        attributes.contains { if case .attribute(let a) = $0 { a.attributeName.trimmedDescription == name } else { false } }
    }

    static func member(_ v: VariableDeclSyntax, binding: PatternBindingSyntax, name: String, accessors: AccessorBlockSyntax,
                       source: SwiftSource, owner: String?, isStatic: Bool) -> Member? {
        var body: CodeBlockItemListSyntax?
        switch accessors.accessors {
        case .getter(let items): body = items
        case .accessors(let list):
            body = list.first { $0.accessorSpecifier.text == "get" }?.body?.statements
        }
        guard let body else { return nil }
        return Member(name: name, type: TypeName(binding.typeAnnotation?.type), parameters: [], body: body,
                      isViewBuilder: hasAttribute(v.attributes, "ViewBuilder"), isStatic: isStatic,
                      source: source, decl: Syntax(v), owner: owner)
    }

    static func members(_ v: VariableDeclSyntax, source: SwiftSource, owner: String?) -> [Member] {
        v.bindings.compactMap { b in
            guard let id = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let a = b.accessorBlock else { return nil }
            return member(v, binding: b, name: id, accessors: a, source: source, owner: owner, isStatic: false)
        }
    }

    static func member(_ f: FunctionDeclSyntax, source: SwiftSource, owner: String?) -> Member? {
        guard let body = f.body?.statements else { return nil }
        let params = f.signature.parameterClause.parameters.map { p -> (String?, String, TypeName?) in
            let label = p.firstName.text == "_" ? nil : p.firstName.text
            return (label, (p.secondName ?? p.firstName).text, TypeName(p.type))
        }
        return Member(name: f.name.text, type: TypeName(f.signature.returnClause?.type), parameters: params, body: body,
                      isViewBuilder: hasAttribute(f.attributes, "ViewBuilder"),
                      isStatic: f.modifiers.contains { $0.name.text == "static" }, source: source, decl: Syntax(f), owner: owner)
    }
}

extension StringLiteralExprSyntax {
    /// The text of a literal without interpolations; nil when it has some.
    var plainText: String? {
        var out = ""
        for seg in segments {
            guard let s = seg.as(StringSegmentSyntax.self) else { return nil }
            out += s.content.text
        }
        return out.unescapedSwift
    }
}

extension String {
    /// `\n`, `\t`, `\"`, `\\`, `\u{…}` as Swift reads them.
    var unescapedSwift: String {
        guard contains("\\") else { return self }
        var out = ""
        var it = unicodeScalars.makeIterator()
        while let c = it.next() {
            guard c == "\\", let n = it.next() else { out.unicodeScalars.append(c); continue }
            switch n {
            case "n": out += "\n"
            case "t": out += "\t"
            case "r": out += "\r"
            case "0": out += "\0"
            case "u":
                var hex = ""
                _ = it.next() // {
                while let h = it.next(), h != "}" { hex.unicodeScalars.append(h) }
                if let v = UInt32(hex, radix: 16), let s = Unicode.Scalar(v) { out.unicodeScalars.append(s) }
            default: out.unicodeScalars.append(n)
            }
        }
        return out
    }
}
