@_exported import Foundation

// The part of AppIntents widget code touches, for Linux: Apple's names and signatures
// (developer.apple.com/documentation/appintents) — configuration intents and their parameters,
// and the intents a widget's buttons and toggles run. Nothing here performs an intent: a render
// only needs the values a widget reads. See docs/swift.md.
