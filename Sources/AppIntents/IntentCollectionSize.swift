// AppIntents' `IntentCollectionSize`: how many values an array parameter takes in a widget family
// (developer.apple.com/documentation/appintents/intentcollectionsize). A value only: nothing asks
// for parameters in a render.

/// The size of an array parameter: exactly N, or between a minimum and a maximum.
public struct IntentCollectionSize: ExpressibleByIntegerLiteral, Equatable, Sendable {
    public let minimum: Int
    public let maximum: Int
    public init(exactly count: Int) { minimum = count; maximum = count }
    public init(min: Int, max: Int) { minimum = min; maximum = max }
    public init(integerLiteral value: Int) { self.init(exactly: value) }
}
