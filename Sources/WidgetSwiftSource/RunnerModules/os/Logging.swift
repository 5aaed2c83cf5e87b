import Foundation

// Apple's unified logging as widget code writes it (`import os`, `import OSLog`): `Logger` with its
// interpolated messages (privacy, alignment, number formats), `OSLog`, `OSLogType` and `os_log`,
// with Apple's names and signatures (developer.apple.com/documentation/os). On Linux a message is
// built only when asked for and goes nowhere: a widget's log is not part of what it draws, and the
// widget runner's output is its JSON. `os.log` (a submodule, `import os.log`) cannot be declared by
// a Swift package: such a file is named by the compiler ("no such module"); `import os` works.

/// A subsystem and category to log to (`OSLog`).
public final class OSLog: NSObject, @unchecked Sendable {
    public let subsystem: String
    public let category: String
    public init(subsystem: String, category: String) { self.subsystem = subsystem; self.category = category }
    public static let `default` = OSLog(subsystem: "", category: "")
    public static let disabled = OSLog(subsystem: "", category: "disabled")
    public var signpostsEnabled: Bool { false }
}

/// How important a message is (`OSLogType`).
public struct OSLogType: Equatable, Hashable, RawRepresentable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }
    public static let `default` = OSLogType(0x00), info = OSLogType(0x01), debug = OSLogType(0x02)
    public static let error = OSLogType(0x10), fault = OSLogType(0x11)
}

/// Who may read an interpolated value (`OSLogPrivacy`).
public struct OSLogPrivacy: Equatable, Sendable {
    public enum Mask: Equatable, Sendable { case hash, none }
    let level: Int
    public static let auto = OSLogPrivacy(level: 0), `public` = OSLogPrivacy(level: 1)
    public static let `private` = OSLogPrivacy(level: 2), sensitive = OSLogPrivacy(level: 3)
    public static func auto(mask: Mask) -> OSLogPrivacy { .auto }
    public static func `private`(mask: Mask) -> OSLogPrivacy { .private }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { .sensitive }
}

/// The column an interpolated value takes (`OSLogStringAlignment`).
public struct OSLogStringAlignment: Sendable {
    let width: Int
    public static let none = OSLogStringAlignment(width: 0)
    public static func left(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment { OSLogStringAlignment(width: -columns()) }
    public static func right(columns: @autoclosure @escaping () -> Int) -> OSLogStringAlignment { OSLogStringAlignment(width: columns()) }
}

/// How an interpolated integer is written (`OSLogIntegerFormatting`).
public struct OSLogIntegerFormatting: Sendable {
    let radix: Int
    public static let decimal = OSLogIntegerFormatting(radix: 10), hex = OSLogIntegerFormatting(radix: 16), octal = OSLogIntegerFormatting(radix: 8)
    public static func decimal(explicitPositiveSign: Bool = false, minDigits: @autoclosure @escaping () -> Int = 0) -> OSLogIntegerFormatting { .decimal }
    public static func hex(explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
                           minDigits: @autoclosure @escaping () -> Int = 0) -> OSLogIntegerFormatting { .hex }
    public static func octal(explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false,
                             minDigits: @autoclosure @escaping () -> Int = 0) -> OSLogIntegerFormatting { .octal }
}

/// How an interpolated floating-point number is written (`OSLogFloatFormatting`).
public struct OSLogFloatFormatting: Sendable {
    let style: Int
    public static let fixed = OSLogFloatFormatting(style: 0), hex = OSLogFloatFormatting(style: 1)
    public static let exponential = OSLogFloatFormatting(style: 2), hybrid = OSLogFloatFormatting(style: 3)
    public static func fixed(precision: @autoclosure @escaping () -> Int, explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting { .fixed }
    public static func fixed(explicitPositiveSign: Bool = false, uppercase: Bool = false) -> OSLogFloatFormatting { .fixed }
}

/// The values of a message as it was written (`OSLogInterpolation`); kept unevaluated.
public struct OSLogInterpolation: StringInterpolationProtocol, @unchecked Sendable {
    var parts: [() -> String] = []
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) { parts.append { literal } }
    public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
                                             privacy: OSLogPrivacy = .auto) {
        parts.append(argumentString)
    }
    public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: @autoclosure @escaping () -> T,
                                                                         align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        parts.append { value().description }
    }
    public mutating func appendInterpolation<T: FixedWidthInteger>(_ number: @autoclosure @escaping () -> T, format: OSLogIntegerFormatting = .decimal,
                                                                   align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        parts.append { String(number(), radix: format.radix) }
    }
    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Double, format: OSLogFloatFormatting = .fixed,
                                             align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        parts.append { "\(number())" }
    }
    public mutating func appendInterpolation(_ number: @autoclosure @escaping () -> Float, format: OSLogFloatFormatting = .fixed,
                                             align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
        parts.append { "\(number())" }
    }
    public mutating func appendInterpolation(_ boolean: @autoclosure @escaping () -> Bool, format: OSLogBoolFormat = .truth,
                                             privacy: OSLogPrivacy = .auto) {
        parts.append { format == .answer ? (boolean() ? "YES" : "NO") : (boolean() ? "true" : "false") }
    }
    public mutating func appendInterpolation(_ argumentObject: @autoclosure @escaping () -> NSObject, privacy: OSLogPrivacy = .auto) {
        parts.append { argumentObject().description }
    }
    /// `\(error)` of an `any Error` (an `NSError` is the `NSObject` above).
    @_disfavoredOverload
    public mutating func appendInterpolation(_ error: @autoclosure @escaping () -> any Error, privacy: OSLogPrivacy = .auto) {
        parts.append { "\(error())" }
    }
    public mutating func appendInterpolation(_ value: @autoclosure @escaping () -> Any.Type, align: OSLogStringAlignment = .none,
                                             privacy: OSLogPrivacy = .auto) {
        parts.append { "\(value())" }
    }
}

/// `true`/`false` or `YES`/`NO` (`OSLogBoolFormat`).
public enum OSLogBoolFormat: Sendable { case truth, answer }

/// A message with its interpolated values (`OSLogMessage`).
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, @unchecked Sendable {
    let interpolation: OSLogInterpolation
    public init(stringInterpolation: OSLogInterpolation) { interpolation = stringInterpolation }
    public init(stringLiteral value: String) {
        var i = OSLogInterpolation(literalCapacity: value.count, interpolationCount: 0)
        i.appendLiteral(value)
        interpolation = i
    }
    /// The message as text (its values evaluated now).
    public var formatted: String { interpolation.parts.map { $0() }.joined() }
}

/// Where a widget writes its log (`Logger`): messages are accepted and dropped (see the top of this file).
public struct Logger: @unchecked Sendable {
    public let log: OSLog
    public init() { log = .default }
    public init(_ log: OSLog) { self.log = log }
    public init(subsystem: String, category: String) { log = OSLog(subsystem: subsystem, category: category) }
    public func log(_ message: OSLogMessage) {}
    public func log(level: OSLogType, _ message: OSLogMessage) {}
    public func trace(_ message: OSLogMessage) {}
    public func debug(_ message: OSLogMessage) {}
    public func info(_ message: OSLogMessage) {}
    public func notice(_ message: OSLogMessage) {}
    public func warning(_ message: OSLogMessage) {}
    public func error(_ message: OSLogMessage) {}
    public func critical(_ message: OSLogMessage) {}
    public func fault(_ message: OSLogMessage) {}
}

/// The older C-style call (`os_log`): accepted and dropped.
public func os_log(_ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default, type: OSLogType = .default,
                   _ args: any CVarArg...) {}
public func os_log(_ type: OSLogType, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default, _ message: OSLogMessage) {}
public func os_log(_ message: OSLogMessage, dso: UnsafeRawPointer = #dsohandle, log: OSLog = .default, type: OSLogType = .default) {}
