import Foundation

/// A value kept in `UserDefaults` (SwiftUI's `AppStorage`), read when the view is drawn: from the
/// store given (an App Group's suite, as widgets share settings with their app) or the standard
/// defaults. On Linux the defaults are the process's own, so a widget reads its default value unless
/// a test or a preview wrote the key first; writes go to the same store.
@propertyWrapper public struct AppStorage<Value>: @unchecked Sendable {
    let read: () -> Value
    let write: (Value) -> Void

    init(key: String, store: UserDefaults?, defaultValue: Value, decode: @escaping (Any) -> Value?, encode: @escaping (Value) -> Any?) {
        let defaults = store ?? .standard
        read = { defaults.object(forKey: key).flatMap(decode) ?? defaultValue }
        write = { value in
            if let stored = encode(value) { defaults.set(stored, forKey: key) } else { defaults.removeObject(forKey: key) }
        }
    }

    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    public var projectedValue: Binding<Value> { Binding(get: read, set: write) }
}

extension AppStorage {
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? NSNumber)?.boolValue ?? ($0 as? Bool) }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? NSNumber)?.intValue ?? ($0 as? Int) }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? NSNumber)?.doubleValue ?? ($0 as? Double) }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { $0 as? String }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? String).flatMap(URL.init(string:)) ?? ($0 as? URL) },
                  encode: { $0.absoluteString })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { $0 as? Data }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Date {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { $0 as? Date }, encode: { $0 })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? NSNumber).flatMap { Value(rawValue: $0.intValue) } },
                  encode: { $0.rawValue })
    }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == String {
        self.init(key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? String).flatMap(Value.init(rawValue:)) },
                  encode: { $0.rawValue })
    }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(key: key, store: store, defaultValue: nil, decode: { $0 as? String }, encode: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
        self.init(key: key, store: store, defaultValue: nil, decode: { ($0 as? NSNumber)?.intValue }, encode: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
        self.init(key: key, store: store, defaultValue: nil, decode: { ($0 as? NSNumber)?.boolValue }, encode: { $0 })
    }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
        self.init(key: key, store: store, defaultValue: nil, decode: { ($0 as? NSNumber)?.doubleValue }, encode: { $0 })
    }
}
