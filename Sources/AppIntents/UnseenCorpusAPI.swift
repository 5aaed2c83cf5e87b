import Foundation

// Intent kinds the system runs in a particular way (AppIntents' "App intent types"), as Apple
// declares them; found by measuring unseen widget extensions (docs/swift.md, "Public widget code,
// measured": Pocket Casts' `PlayEpisodeIntent: AudioPlaybackIntent` behind a `Button(intent:)`).
// A widget's picture does not run intents: they mark the intent's kind and nothing more.

/// An intent the system performs itself, not through the app's UI (AppIntents' `SystemIntent`).
public protocol SystemIntent: AppIntent {}

/// An intent that plays, pauses or otherwise changes audio playback (AppIntents' `AudioPlaybackIntent`, iOS 17).
public protocol AudioPlaybackIntent: SystemIntent {}

/// The iOS 16 name of an audio intent (AppIntents' `AudioStartingIntent`, deprecated in iOS 17).
@available(*, deprecated, renamed: "AudioPlaybackIntent")
public protocol AudioStartingIntent: SystemIntent {}

/// An intent that starts, pauses or changes a Live Activity (AppIntents' `LiveActivityIntent`, iOS 17).
public protocol LiveActivityIntent: SystemIntent {}
