import CPangoCairo

/// The versions of the libraries that decide a render's pixels, as loaded at run time (not the
/// headers the binary was compiled against): cairo, pango, freetype, harfbuzz, fontconfig, pixman.
/// `Golden/manifest.json` records the stack that recorded the goldens, and `verify` names the
/// libraries that differ when it runs on another one.
public struct LibraryStack: Sendable, Codable, Equatable, CustomStringConvertible {
    public var cairo: String
    public var pango: String
    public var freetype: String
    public var harfbuzz: String
    public var fontconfig: String
    public var pixman: String

    public init(cairo: String, pango: String, freetype: String, harfbuzz: String, fontconfig: String, pixman: String) {
        self.cairo = cairo; self.pango = pango; self.freetype = freetype
        self.harfbuzz = harfbuzz; self.fontconfig = fontconfig; self.pixman = pixman
    }

    /// Library name and version, in this order: cairo, pango, freetype, harfbuzz, fontconfig, pixman.
    public var libraries: [(name: String, version: String)] {
        [("cairo", cairo), ("pango", pango), ("freetype", freetype), ("harfbuzz", harfbuzz),
         ("fontconfig", fontconfig), ("pixman", pixman)]
    }

    /// "cairo 1.16.0, pango 1.50.12, freetype 2.12.1, harfbuzz 6.0.0, fontconfig 2.14.1, pixman 0.42.2"
    public var description: String { libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ") }

    /// The libraries whose versions differ, `self` as recorded and `running` as found now.
    public func differences(running: LibraryStack) -> [LibraryDifference] {
        zip(libraries, running.libraries).compactMap { recorded, now in
            recorded.version == now.version ? nil
                : LibraryDifference(library: recorded.name, recorded: recorded.version, running: now.version)
        }
    }

    /// The stack this process renders with, asked of each library.
    public static let running: LibraryStack = {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        widgetshot_freetype_version(&major, &minor, &patch)
        let fc = Int(FcGetVersion())   // MAJOR * 10000 + MINOR * 100 + REVISION
        return LibraryStack(cairo: String(cString: cairo_version_string()),
                            pango: String(cString: pango_version_string()),
                            freetype: "\(major).\(minor).\(patch)",
                            harfbuzz: String(cString: hb_version_string()),
                            fontconfig: "\(fc / 10000).\(fc / 100 % 100).\(fc % 100)",
                            pixman: String(cString: pixman_version_string()))
    }()
}

/// One library whose version differs between the stack that recorded the goldens and this one.
public struct LibraryDifference: Sendable, Equatable, CustomStringConvertible {
    public var library: String
    public var recorded: String
    public var running: String

    public init(library: String, recorded: String, running: String) {
        self.library = library; self.recorded = recorded; self.running = running
    }

    /// "pango 1.50.12 → 1.56.3"
    public var description: String { "\(library) \(recorded) → \(running)" }
}
