import SwiftSyntax
import WidgetModel

extension Translator {
    // MARK: Lists

    func forEachNode(_ c: FunctionCallExprSyntax, _ args: [String: ExprSyntax], _ scope: Scope, at: SourceSpot, origin: Origin) -> [DraftNode] {
        guard let data = args["_0"] ?? args["data"], let closure = Self.closure(c, nil) ?? Self.closure(c, "content") else {
            return [placeholder("ForEach", at: at, why: "a ForEach without data and content", scope: scope)]
        }
        var notes: [String] = []
        var limit: Int?
        var listExpr = Self.strip(data)
        var enumerated = false
        var indices = false
        // Peel `Array(…)`, `.enumerated()`, `.prefix(n)`, `.indices`.
        while true {
            if let call = listExpr.as(FunctionCallExprSyntax.self), Self.calleeName(call) == "Array", let inner = call.arguments.first?.expression {
                listExpr = Self.strip(inner); continue
            }
            if let call = listExpr.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
                switch m.declName.baseName.text {
                case "enumerated": enumerated = true; listExpr = Self.strip(base); continue
                case "prefix":
                    if let n = call.arguments.first?.expression, case .number(let x) = value(n, scope, expecting: .number).form { limit = CheckedNumber.int(x, clampedTo: 0...limits.forEachItems) }
                    listExpr = Self.strip(base); continue
                case "sorted", "reversed", "filter":
                    notes.append(".\(m.declName.baseName.text)(…) is left out: the items in the data's order")
                    listExpr = Self.strip(base); continue
                default: break
                }
            }
            if let m = listExpr.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "indices", let base = m.base {
                indices = true; listExpr = Self.strip(base); continue
            }
            break
        }
        var listPath: String
        var itemType: TypeName?
        var listSource: AbstractPath?
        if let i = listExpr.as(InfixOperatorExprSyntax.self), let op = i.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "..<" || op == "...",
           case .number(let a) = value(i.leftOperand, scope, expecting: .number).form, case .number(let b) = value(i.rightOperand, scope, expecting: .number).form {
            // Bounds past ±1e9 are clamped there (and then refused as too many items) rather than trapping.
            let bound = -1_000_000_000...1_000_000_000
            let upper = CheckedNumber.int(op == "..<" ? b - 1 : b, clampedTo: bound, nanValue: 0)
            let lower = CheckedNumber.int(a, clampedTo: bound, nanValue: 1)
            guard upper >= lower, upper - lower < limits.forEachItems else {
                return [placeholder("ForEach(\(Self.short(listExpr)))", at: at, why: "a range of more than \(limits.forEachItems) items (Limits.forEachItems)", scope: scope)]
            }
            listPath = tables.addList("range\(lower)to\(upper)", (lower...upper).map { YAMLValue.number(Double($0)) })
            itemType = .int
        } else {
            let v = value(listExpr, scope, expecting: .list)
            guard case .path(let p) = v.form else {
                if case .expr(let e) = v.form, e.hasPrefix("[") {
                    let items = (listExpr.as(ArrayExprSyntax.self)?.elements.map { value($0.expression, scope).literalYAML } ?? []).compactMap { $0 }
                    if !items.isEmpty {
                        listPath = tables.addList("items", items)
                        return forEachBody(closure, listPath: listPath, itemType: v.type?.element, listSource: nil, limit: limit,
                                           enumerated: enumerated, indices: indices, notes: notes, scope, at: at, origin: origin)
                    }
                }
                return [placeholder("ForEach(\(Self.short(listExpr)))", at: at, why: "the list \(v.unknownWhat ?? Self.short(listExpr)) is not translated", scope: scope)]
            }
            listPath = p
            itemType = v.type?.element
            listSource = v.source
            notes += v.notes
            usage.use(v.source, .list, type: v.type)
        }
        return forEachBody(closure, listPath: listPath, itemType: itemType, listSource: listSource, limit: limit,
                           enumerated: enumerated, indices: indices, notes: notes, scope, at: at, origin: origin)
    }

    func forEachBody(_ closure: ClosureExprSyntax, listPath: String, itemType: TypeName?, listSource: AbstractPath?, limit: Int?,
                     enumerated: Bool, indices: Bool, notes: [String], _ scope: Scope, at: SourceSpot, origin: Origin) -> [DraftNode] {
        var notes = notes
        var inner = scope
        let params = Self.closureParameters(closure)
        forEachCounter += 1
        let root = "item:\(forEachCounter)"
        usage.alias(root, to: listSource?.appending("[]"))
        var itemName = "item"
        let itemValue: (String) -> Value = { name in Value(.path(name), type: itemType, source: AbstractPath(root: root, keys: [])) }
        if enumerated, params.count == 2 {
            inner.names[params[0]] = Value(.path("index"), type: .int)
            itemName = Self.safeName(params[1], scope)
            inner.names[params[1]] = itemValue(itemName)
        } else if indices, let p = params.first {
            inner.names[p] = Value(.path("index"), type: .int)
        } else if let p = params.first {
            itemName = Self.safeName(p == "_" ? "item" : p, scope)
            inner.names[p] = itemValue(itemName)
        } else {
            inner.names["$0"] = itemValue("item")
        }
        let body = views(closure.statements, inner)
        var content: DraftNode
        if body.count == 1 { content = body[0] } else {
            // Several views per item: SwiftUI puts them all in the parent stack; a stack of the
            // parent's axis keeps them in line.
            let axis = scope.names["$parentStack"].flatMap { $0.literalText } ?? "vstack"
            content = DraftNode.stack(axis == "zstack" ? "zstack" : axis, body, origin: origin)
            if axis != "zstack" { content.entries.append(("spacing", .number(8))) }
            content = counted(content)
            if body.count > 1 { notes.append("several views per item are put in one \(axis) per item") }
        }
        var n = DraftNode("forEach", .string(listPath), origin: origin)
        if itemName != "item" { n.entries.append(("as", .string(itemName))) }
        if let limit { n.entries.append(("limit", .int(min(limit, limits.forEachItems)))) }
        n.entries.append(("content", .node(content)))
        recordNode(at, "ForEach", notes.isEmpty ? .translated : .partly, notes.joined(separator: "; "))
        return [counted(n)]
    }

    /// A loop variable name the layout reads as a local (not a word it keeps for itself).
    static func safeName(_ name: String, _ scope: Scope) -> String {
        let reserved: Set<String> = ["index", "now", "locale", "surface", "scheme", "context", "strings", "true", "false", "null", "in", "not", "exists"]
        guard Expr.isBareWord(name), !reserved.contains(name) else { return "item" }
        return name
    }
}
