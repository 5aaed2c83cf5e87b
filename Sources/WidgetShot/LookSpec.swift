import Foundation
import WidgetModel
import WidgetTemplate

/// How a caller asks a surface to look, as written (URL query, JSON body, command-line options),
/// before anything is checked; `resolve` checks every field once and yields the `Look`.
///
/// `fields` is the one table of these options: the server reads its query and body through it,
/// the CLI's `LookOptions` takes its help from it, and the OpenAPI document's parameters and body
/// properties are written from it (`OpenAPIDocument`). A new axis is a stored property here, an
/// entry in `fields`, a line in `resolve` and a field of `Look`.
public struct LookSpec: Sendable, Equatable {
    public var device: String?
    /// `18` or `26` (also `ios18`): the iOS generation.
    public var ios: String?
    public var scale: Double?
    public var scheme: String?
    public var locale: String?
    /// ISO 8601 with an offset.
    public var now: String?
    public var placeholder = false
    public var mode: String?
    /// `xSmall` … `xxxLarge`, `accessibility1` … `accessibility5` (or `AX1` … `AX5`).
    public var dynamicType: String?
    /// `wallpaper` or an opaque `#RRGGBB`.
    public var backdrop: String?
    /// `WxH` in points (e.g. `170x170`): the view alone at that size, without the surface's chrome.
    public var canvas: String?
    /// Overrides the system colors `ios` picks (library callers only: no field in `fields`).
    public var colors: ColorGeneration?
    /// A device profile already resolved, its generation applied, in place of `device` and `ios`
    /// (library callers only: the golden suite and the gallery hold a `DeviceProfile`).
    public var deviceProfile: DeviceProfile?

    public init(device: String? = nil, ios: String? = nil, scale: Double? = nil, scheme: String? = nil,
                locale: String? = nil, now: String? = nil, placeholder: Bool = false, mode: String? = nil,
                dynamicType: String? = nil, colors: ColorGeneration? = nil) {
        self.device = device; self.ios = ios; self.scale = scale; self.scheme = scheme; self.locale = locale
        self.now = now; self.placeholder = placeholder; self.mode = mode; self.dynamicType = dynamicType; self.colors = colors
    }

    // MARK: - Checking

    /// The device profile, its iOS generation applied (default iPhone 15 Pro on its own generation).
    public func resolvedDevice() throws(RenderSpecError) -> DeviceProfile {
        if let deviceProfile { return deviceProfile }
        var profile = DeviceProfile.default
        if let device {
            guard let found = DeviceProfile.named(device) else {
                throw .notFound("device", "no device named '\(device)'; devices: \(DeviceProfile.all.map(\.id).joined(separator: ", "))")
            }
            profile = found
        }
        if let ios {
            guard let generation = IOSGeneration(number: ios) else {
                throw .badValue("ios", "ios must be 18 or 26 (the widget size table and system colors of that iOS), got '\(ios)'")
            }
            profile = profile.on(generation)
        }
        return profile
    }

    /// Every check that needs no surface or preview: names that exist, values in range, dates that
    /// read. `resolve` runs it too; the push route and CLI run it before any work starts.
    public func validate() throws(RenderSpecError) { _ = try checked() }

    /// Every field read and checked, each once: what `validate` asks and `resolve` builds on.
    private struct Checked {
        var device: DeviceProfile, scheme: ColorScheme, mode: RenderingMode?, now: (date: Date, timeZone: TimeZone)?
        /// nil: not asked for (the preview's, else large).
        var dynamicType: DynamicTypeSize?
        var backdrop: Backdrop?, canvas: Size?
    }

    private func checked() throws(RenderSpecError) -> Checked {
        if let scale, !(scale.isFinite && Look.scales.contains(scale)) {
            throw .badValue("scale", "scale must be \(Look.scalesText), got \(scale)")
        }
        if let locale, !Self.isLocaleCode(locale) {
            throw .badValue("locale", "locale must be a language code such as ko or en, got '\(locale)'")
        }
        if let locale, !Self.namesALanguage(locale) {
            throw .badValue("locale", "locale '\(locale)' names no language (an ISO 639 code such as ko, en, de, ja or ar, a region after it if you like: en-US)")
        }
        let device = try resolvedDevice()
        let canvas = try resolvedCanvas()
        if let canvas {
            // Known from the request alone, so refused before a layout is looked at (the renderer
            // checks every picture again against its layout's limits).
            let s = scale ?? device.scale
            let pixels = (canvas.width * s).rounded() * (canvas.height * s).rounded()
            if pixels > Double(Limits.default.renderPixels) {
                throw .badValue("canvas", "canvas \(self.canvas ?? "") at scale \(String(format: "%g", s)) is \(Int(pixels)) px, more than \(Limits.default.renderPixels) (Limits.renderPixels): lower the scale or the canvas")
            }
        }
        return Checked(device: device, scheme: try resolvedScheme(), mode: try resolvedMode(),
                       now: try resolvedNow(), dynamicType: dynamicType == nil ? nil : try resolvedDynamicType(),
                       backdrop: try resolvedBackdrop(), canvas: canvas)
    }

    func resolvedScheme() throws(RenderSpecError) -> ColorScheme {
        guard let scheme else { return .light }
        guard let s = ColorScheme(rawValue: scheme) else {
            throw .badValue("scheme", "scheme must be light or dark, got '\(scheme)'")
        }
        return s
    }

    /// The mode asked for, its name checked (whether the surface has it is `resolve`'s question).
    public func resolvedMode() throws(RenderSpecError) -> RenderingMode? {
        guard let mode else { return nil }
        guard let m = RenderingMode(rawValue: mode) else {
            throw .badValue("mode", "mode must be one of \(RenderingMode.allCases.map(\.rawValue).joined(separator: ", ")), got '\(mode)'")
        }
        return m
    }

    func resolvedDynamicType() throws(RenderSpecError) -> DynamicTypeSize {
        guard let dynamicType else { return .large }
        guard let size = DynamicTypeSize(name: dynamicType) else {
            throw .badValue("dynamicType", "dynamicType must be one of \(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", ")) (or AX1…AX5), got '\(dynamicType)'")
        }
        return size
    }

    func resolvedBackdrop() throws(RenderSpecError) -> Backdrop? {
        guard let backdrop else { return nil }
        guard let b = Backdrop(name: backdrop) else {
            throw .badValue("backdrop", "backdrop must be wallpaper or an opaque colour such as #1C1C1E, got '\(backdrop)'")
        }
        return b
    }

    /// Each side 1…2048 pt: a snapshot test's host view, not a poster.
    func resolvedCanvas() throws(RenderSpecError) -> Size? {
        guard let canvas else { return nil }
        let parts = canvas.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, (1...2048).contains(w), (1...2048).contains(h) else {
            throw .badValue("canvas", "canvas must be WIDTHxHEIGHT in points, each 1…2048, e.g. 170x170, got '\(canvas)'")
        }
        return Size(width: w, height: h)
    }

    /// `now` read (nil when not given).
    public func resolvedNow() throws(RenderSpecError) -> (date: Date, timeZone: TimeZone)? {
        guard let now else { return nil }
        do { return try RenderRequest.readNow(now) } catch {
            throw .badValue("now", "now must be an ISO 8601 date with a time zone, e.g. 2026-11-22T12:27:00+09:00: \(error.message)")
        }
    }

    /// The look of `surface`: every field checked, defaults filled in. `locale`, `now` and the time
    /// zone not given come from `preview` (else `ko`, `fallbackNow` and UTC); with data instead of a
    /// preview, `now` not given is `clock()` cut to the whole second, in the machine's time zone.
    public func resolve(for surface: Surface, preview: Preview?, clock: () -> Date = Date.init) throws(RenderSpecError) -> Look {
        let c = try checked()
        guard c.device.supports(surface) else {
            throw .unprocessable("surface", RenderError.surfaceNotOnDevice(surface, c.device).description)
        }
        if let mode = c.mode, !surface.renderingModes.contains(mode) {
            throw .unprocessable("mode", RenderError.modeMessage(mode.rawValue, surface))
        }
        if c.canvas != nil, !surface.regions.isEmpty {
            throw .unprocessable("canvas", "canvas draws one view alone; \(surface.rawValue) is drawn from regions (leading, trailing …): give a surface with one view")
        }
        let date: Date, zone: TimeZone
        if let (d, z) = c.now {
            (date, zone) = (d, z)
        } else if let preview {
            (date, zone) = (preview.now ?? Look.fallbackNow, preview.timeZone ?? TimeZone(secondsFromGMT: 0)!)
        } else {
            // Whole seconds: the time is part of the cache key, and no widget shows less than a
            // second, so requests within the same second are the same render.
            (date, zone) = (Date(timeIntervalSince1970: clock().timeIntervalSince1970.rounded(.down)), TimeZone.current)
        }
        var look = Look(device: c.device, scale: scale, scheme: c.scheme,
                        locale: locale ?? preview?.locale ?? Look.defaultLocale, now: date, timeZone: zone,
                        placeholder: placeholder, colors: colors ?? c.device.ios, mode: c.mode)
        look.dynamicType = c.dynamicType ?? preview?.dynamicType ?? .large
        look.backdrop = c.backdrop
        look.canvas = c.canvas
        return look
    }

    /// `ko`, `en`, `en-US`, `zh_Hant_TW`: letters, digits, `-` and `_`, starting with a letter.
    public static func isLocaleCode(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, text.unicodeScalars.count <= 35,
              CharacterSet.letters.contains(first), first.isASCII else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
    }

    static let languageCodes = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))

    /// Whether `code`'s language is one ICU knows (`xx` and `zz` are not), so a typo is an error
    /// rather than a picture in the fallback language.
    public static func namesALanguage(_ code: String) -> Bool {
        Locale(identifier: code).language.languageCode.map { languageCodes.contains($0.identifier) } ?? false
    }

    // MARK: - The field table

    /// One option of the look, as every reader and every document shows it.
    public struct Field: Sendable {
        /// What values the field takes, for the readers and the OpenAPI schema.
        public enum Kind: Sendable, Equatable {
            case text
            case words([String])
            case number(ClosedRange<Double>)
            case flag
            case dateTime
            case pattern(String)
        }

        /// The query parameter, the JSON body field and the CLI's long option (`--NAME`).
        public let name: String
        public let kind: Kind
        /// One sentence: the CLI's help line, the start of the OpenAPI description.
        public let summary: String
        /// What the default is and more (the CLI's discussion, the rest of the OpenAPI description).
        public let detail: String
        /// The CLI's value name.
        public let valueName: String
        fileprivate let store: @Sendable (inout LookSpec, Raw) -> Void

        /// A value as read from a query, a body or a command line, its form already checked.
        public enum Raw: Sendable { case text(String), number(Double), flag(Bool) }

        /// The OpenAPI description: summary and detail.
        public var description: String { detail.isEmpty ? summary : summary + " " + detail }
    }

    public static let fields: [Field] = {
        var all: [Field] = []
        let shipWith26 = DeviceProfile.all.filter { $0.shipsWith == .ios26 && !$0.widgetTables.isEmpty }.map(\.id)
        all.append(Field(name: "scheme", kind: .words(ColorScheme.allCases.map(\.rawValue)),
              summary: "The color scheme: light or dark.",
              detail: "light when absent. The island, StandBy and the controls are always dark.",
              valueName: "light|dark",
              store: { (spec: inout LookSpec, raw: Field.Raw) in spec.scheme = raw.text }))
        all.append(Field(name: "scale", kind: .number(Look.scales),
              summary: "Pixels per point, \(Look.scalesText).",
              detail: "The device's own when absent (3 on the iPhones, 2 on the SE and iPad).",
              valueName: "n",
              store: { (spec: inout LookSpec, raw: Field.Raw) in spec.scale = raw.number }))
        all.append(Field(name: "device", kind: .text,
              summary: "A device profile.",
              detail: "\(DeviceProfile.default.id) when absent. One of: \(DeviceProfile.all.map(\.id).joined(separator: ", ")).",
              valueName: "id",
              store: { (spec: inout LookSpec, raw: Field.Raw) in spec.device = raw.text }))
        all.append(Field(name: "locale", kind: .pattern("^[A-Za-z][A-Za-z0-9_-]{0,34}$"),
              summary: "A language code such as ko or en-US.",
              detail: "The preview's locale when absent, else \(Look.defaultLocale).",
              valueName: "code",
              store: { (spec: inout LookSpec, raw: Field.Raw) in spec.locale = raw.text }))
        all.append(Field(name: "now", kind: .dateTime,
              summary: "The render's clock, ISO 8601 with a time zone, e.g. 2026-11-22T12:27:00+09:00.",
              detail: "The preview's own when absent; with data and no now, the current second.",
              valueName: "date",
              store: { (spec: inout LookSpec, raw: Field.Raw) in spec.now = raw.text }))
        all.append(Field(name: "ios", kind: .words(["18", "26"]),
              summary: "The iOS generation: its widget size table (18: Apple's HIG table; 26: measured on iOS 26) and system colors.",
              detail: "The device's own when absent (26 for \(shipWith26.joined(separator: ", ")); else 18).",
              valueName: "18|26",
              store: { (spec: inout LookSpec, raw: Field.Raw) in spec.ios = raw.text }))
        all.append(Field(name: "placeholder", kind: .flag,
              summary: "Render WidgetKit's loading placeholder (text, icons and images as rounded bars).",
              detail: "", valueName: "",
              store: { (spec: inout LookSpec, raw: Field.Raw) in spec.placeholder = raw.flag }))
        all.append(Field(name: "mode", kind: .words(RenderingMode.allCases.map(\.rawValue)),
              summary: "The widget rendering mode: fullColor, accented (the tinted Home Screen) or vibrant (the Lock Screen accessories; StandBy's red night mode).",
              detail: "The surface's default when absent. A mode the surface does not have is an error naming both.",
              valueName: "mode",
              store: { (spec: inout LookSpec, raw: Field.Raw) in spec.mode = raw.text }))
        all.append(Field(name: "dynamicType", kind: .words(DynamicTypeSize.allCases.map(\.rawValue)),
              summary: "The user's text size (Dynamic Type): xSmall … xxxLarge, accessibility1 … accessibility5 (or AX1 … AX5).",
              detail: "large when absent. Text styles, and icons sized by them, take Apple's size for that setting; a text with its own size keeps it.",
              valueName: "size",
              store: { (spec: inout LookSpec, raw: Field.Raw) in spec.dynamicType = raw.text }))
        all.append(Field(name: "backdrop", kind: .pattern("^(wallpaper|#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6})$"),
              summary: "What shows through where the surface is transparent: wallpaper (a mid-toned gradient) or an opaque colour such as #1C1C1E.",
              detail: "None when absent: transparent pixels, as the goldens keep them.",
              valueName: "wallpaper|#RRGGBB",
              store: { (spec: inout LookSpec, raw: Field.Raw) in spec.backdrop = raw.text }))
        all.append(Field(name: "canvas", kind: .pattern("^[0-9]+(\\.[0-9]+)?x[0-9]+(\\.[0-9]+)?$"),
              summary: "Content only: the surface's view alone at WIDTHxHEIGHT points (each 1…2048), on the scheme's system background, as a snapshot test hosts a view.",
              detail: "The surface as iOS shows it when absent (its size, margins, container background and mask). Not for the island, whose views are regions.",
              valueName: "WxH",
              store: { (spec: inout LookSpec, raw: Field.Raw) in spec.canvas = raw.text }))
        return all
    }()

    public static let fieldNames: Set<String> = Set(fields.map(\.name))

    /// The fields set here, as text by their names in `fields`: what `set(_:text:)` reads back to
    /// the same spec (a look sent to another process, e.g. the program built from a Swift folder).
    public var settings: [String: String] {
        var out: [String: String] = [:]
        let texts: [(String, String?)] = [
            ("device", device), ("ios", ios), ("scale", scale.map { "\($0)" }), ("scheme", scheme), ("locale", locale),
            ("now", now), ("placeholder", placeholder ? "true" : nil), ("mode", mode), ("dynamicType", dynamicType),
            ("backdrop", backdrop), ("canvas", canvas),
        ]
        for case let (name, text?) in texts { out[name] = text }
        return out
    }

    /// The command-line option of a field or parameter name, as ArgumentParser names a property's
    /// flag: `dynamicType` → `--dynamic-type`, `controlState` → `--control-state`.
    public static func optionName(_ name: String) -> String {
        "--" + name.reduce(into: "") { out, c in out += c.isUppercase ? "-" + c.lowercased() : String(c) }
    }

    public static func field(_ name: String) -> Field? { fields.first { $0.name == name } }

    /// Sets the field `name` from query text: a number or a flag is read from its text here.
    /// false when `name` is not a look field.
    public mutating func set(_ name: String, text: String) throws(RenderSpecError) -> Bool {
        guard let field = Self.field(name) else { return false }
        switch field.kind {
        case .number(let range):
            guard let v = Double(text), v.isFinite else {
                throw .badValue(name, "\(name) must be a number \(Self.rangeText(range)), got '\(text)'")
            }
            field.store(&self, .number(v))
        case .flag:
            switch text {
            case "true", "1", "": field.store(&self, .flag(true))
            case "false", "0": field.store(&self, .flag(false))
            default: throw .badValue(name, "\(name) must be true or false, got '\(text)'")
            }
        case .text, .words, .dateTime, .pattern:
            field.store(&self, .text(text))
        }
        return true
    }

    /// Sets the field `name` from a JSON body's value (null leaves it unset). false when `name` is
    /// not a look field.
    public mutating func set(_ name: String, json: DataValue) throws(RenderSpecError) -> Bool {
        guard let field = Self.field(name) else { return false }
        if json == .null { return true }
        switch (field.kind, json) {
        case (.number, .number(let v)): field.store(&self, .number(v))
        case (.number(let range), _): throw .badValue(name, "'\(name)' must be a number \(Self.rangeText(range))")
        case (.flag, .bool(let b)): field.store(&self, .flag(b))
        case (.flag, _): throw .badValue(name, "'\(name)' must be true or false")
        // `"ios": 26` as well as `"ios": "26"`.
        case (.words(let words), .number(let v)) where v == v.rounded() && words.contains(CheckedNumber.int(v).map(String.init) ?? ""):
            field.store(&self, .text(CheckedNumber.int(v).map(String.init) ?? ""))
        case (_, .string(let s)): field.store(&self, .text(s))
        case (.words(let words), _): throw .badValue(name, "'\(name)' must be one of \(words.joined(separator: ", "))")
        default: throw .badValue(name, "'\(name)' must be a string")
        }
        return true
    }

    static func rangeText(_ range: ClosedRange<Double>) -> String {
        "between \(String(format: "%g", range.lowerBound)) and \(String(format: "%g", range.upperBound))"
    }
}

extension LookSpec.Field.Raw {
    var text: String? { if case .text(let s) = self { s } else { nil } }
    var number: Double? { if case .number(let v) = self { v } else { nil } }
    var flag: Bool { if case .flag(let b) = self { b } else { false } }
}
