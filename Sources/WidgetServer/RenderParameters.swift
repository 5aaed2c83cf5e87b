import Foundation
import WidgetShot

/// What a render call asks for, as text from a URL or values from a JSON body, before it is
/// checked against the loaded layouts. `request(in:)` turns it into the library's RenderRequest
/// or says which field is wrong; the rules are the CLI's `render` command's.
package struct RenderParameters: Sendable {
    var layout: String
    var surface: String
    var preview: String?
    var data: DataValue?
    var scheme: String?
    var scale: Double?
    var device: String?
    var locale: String?
    var now: String?
    var placeholder = false

    static let queryFields: Set<String> = ["preview", "scheme", "scale", "device", "locale", "now", "placeholder"]
    static let bodyFields: Set<String> = queryFields.union(["layout", "surface", "data"])

    package func request(in layouts: LoadedLayouts) throws(APIError) -> RenderRequest {
        guard let document = layouts.document(named: layout) else {
            throw .notFound("layout", "no layout named '\(layout)'; layouts: \(layouts.names.joined(separator: ", "))")
        }
        guard let surface = Surface(rawValue: surface) else {
            throw .notFound("surface", "no surface named '\(self.surface)'; surfaces: \(Surface.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard document.hasView(for: surface) else {
            let has = Surface.allCases.filter(document.hasView(for:)).map(\.rawValue).joined(separator: ", ")
            throw .notFound("surface", "layout '\(document.name)' has no view for \(surface.rawValue); it has: \(has)")
        }
        let profile: DeviceProfile
        if let device {
            guard let found = DeviceProfile.named(device) else {
                throw .notFound("device", "no device named '\(device)'; devices: \(DeviceProfile.all.map(\.id).joined(separator: ", "))")
            }
            profile = found
        } else {
            profile = .default
        }
        var colorScheme = ColorScheme.light
        if let scheme {
            guard let s = ColorScheme(rawValue: scheme) else {
                throw .badValue("scheme", "scheme must be light or dark, got '\(scheme)'")
            }
            colorScheme = s
        }
        if let scale, !(scale.isFinite && scale >= 0.25 && scale <= 4) {
            throw .badValue("scale", "scale must be between 0.25 and 4, got \(scale)")
        }
        if let locale, !Self.isLocaleCode(locale) {
            throw .badValue("locale", "locale must be a language code such as ko or en, got '\(locale)'")
        }
        let parsedNow: (date: Date, timeZone: TimeZone)?
        if let now {
            do { parsedNow = try RenderRequest.readNow(now) } catch {
                throw .badValue("now", "now must be an ISO 8601 date with a time zone, e.g. 2026-11-22T12:27:00+09:00: \(error.message)")
            }
        } else {
            parsedNow = nil
        }

        if let data {
            if preview != nil { throw .badValue("data", "give preview or data, not both") }
            // As the CLI does with --data: without `now`, the current time.
            let (date, zone) = parsedNow ?? (Date(), TimeZone.current)
            return RenderRequest(layout: document, surface: surface, data: data, device: profile, scale: scale,
                                 scheme: colorScheme, locale: locale ?? "ko", now: date, timeZone: zone,
                                 placeholder: placeholder)
        }
        let chosen: Preview
        if let preview {
            guard let p = document.preview(named: preview) else {
                throw .notFound("preview", "layout '\(document.name)' has no preview '\(preview)'; previews: \(document.previews.map(\.name).joined(separator: ", "))")
            }
            chosen = p
        } else {
            guard let first = document.previews.first else {
                throw .badValue("data", "layout '\(document.name)' has no previews; send data")
            }
            chosen = first
        }
        var request = RenderRequest(layout: document, surface: surface, preview: chosen, device: profile, scale: scale,
                                    scheme: colorScheme, locale: locale, placeholder: placeholder)
        if let parsedNow {
            request.now = parsedNow.date
            request.timeZone = parsedNow.timeZone
        }
        return request
    }

    /// `ko`, `en`, `en-US`, `zh_Hant_TW`: letters, digits, `-` and `_`, starting with a letter.
    static func isLocaleCode(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.unicodeScalars.count <= 35,
              CharacterSet.letters.contains(first), first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
    }
}

extension RenderParameters {
    /// `GET /render/{layout}/{surface}.png?preview=…&scheme=…&scale=…&device=…&locale=…&now=…&placeholder=…`
    package init(layout: String, surface: String, query: [(name: String, value: String)]) throws(APIError) {
        self.init(layout: layout, surface: surface)
        var seen = Set<String>()
        for (name, value) in query {
            guard Self.queryFields.contains(name) else {
                throw .badValue(name, "unknown parameter '\(name)'; parameters: \(Self.queryFields.sorted().joined(separator: ", "))")
            }
            guard seen.insert(name).inserted else { throw .badValue(name, "'\(name)' is given more than once") }
            switch name {
            case "preview": preview = value
            case "scheme": scheme = value
            case "device": device = value
            case "locale": locale = value
            case "now": now = value
            case "scale":
                guard let v = Double(value), v.isFinite else { throw .badValue("scale", "scale must be a number between 0.25 and 4, got '\(value)'") }
                scale = v
            case "placeholder":
                switch value {
                case "true", "1", "": placeholder = true
                case "false", "0": placeholder = false
                default: throw .badValue("placeholder", "placeholder must be true or false, got '\(value)'")
                }
            default: break
            }
        }
    }

    /// `POST /render` with `{"layout": …, "surface": …, "data": {…} | "preview": …, …}`, already
    /// parsed into a DataValue (so a malformed body is reported with its line and column).
    package init(body: DataValue) throws(APIError) {
        guard case .object(let fields) = body else {
            throw .badValue("body", "the body must be a JSON object such as {\"layout\": \"delivery\", \"surface\": \"systemSmall\"}")
        }
        for key in fields.keys.sorted() where !Self.bodyFields.contains(key) {
            throw .badValue(key, "unknown field '\(key)'; fields: \(Self.bodyFields.sorted().joined(separator: ", "))")
        }
        func string(_ key: String) throws(APIError) -> String? {
            switch fields[key] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            default: throw .badValue(key, "'\(key)' must be a string")
            }
        }
        guard let layout = try string("layout") else { throw .badValue("layout", "'layout' is required") }
        guard let surface = try string("surface") else { throw .badValue("surface", "'surface' is required") }
        self.init(layout: layout, surface: surface)
        preview = try string("preview")
        scheme = try string("scheme")
        device = try string("device")
        locale = try string("locale")
        now = try string("now")
        switch fields["scale"] {
        case nil, .null?: break
        case .number(let v)?: scale = v
        default: throw .badValue("scale", "'scale' must be a number between 0.25 and 4")
        }
        switch fields["placeholder"] {
        case nil, .null?: break
        case .bool(let b)?: placeholder = b
        default: throw .badValue("placeholder", "'placeholder' must be true or false")
        }
        if let d = fields["data"], d != .null { data = d }
    }
}
