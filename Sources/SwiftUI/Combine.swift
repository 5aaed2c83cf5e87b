import Foundation

// Combine's part that `import SwiftUI` brings on iOS (SwiftUI re-exports Combine there). Linux has
// no Combine, so these stand in, in this module: an object a view would observe, and its published
// properties. Nothing observes them in a render; the values are read as they are.

/// An object with published properties (Combine's `ObservableObject`).
public protocol ObservableObject: AnyObject {}

/// A property an `ObservableObject` publishes (Combine's `Published`): a plain stored value here.
@propertyWrapper public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }
    /// What `$property` gives: the value (no publisher on Linux).
    public var projectedValue: Value { wrappedValue }
}
