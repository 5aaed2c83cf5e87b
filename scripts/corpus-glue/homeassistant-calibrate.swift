// Ours: stand-ins scripts/ha-calibrate compiles with home-assistant's widget files in place of app
// files that need the app's world (KeychainAccess, the `Version` package, UIBarButtonItem, CoreText
// drawing) or frameworks with no Linux counterpart, so that the views its snapshot tests draw can
// be built and run. Shapes follow the real declarations; bodies are what a render needs.
//   - `AppConstants` (Shared/Environment/AppConstants.swift): the three deep links the widget
//     views build, with the real URL scheme (`homeassistant://`).
//   - `MaterialDesignIcons(serversideValueNamed:fallback:)` (Shared/Common/Extensions/UIImage+Icons.swift,
//     whose other half draws through UIGraphicsBeginImageContextWithOptions): the icon named by a
//     server's `mdi:` value, migrated by HAIconic's own MDIMigration.
//   - GRDB's record protocols as plain conformances (the app's records are read from a database
//     the snapshot tests never open), and AudioToolbox's system sound (the widgets' haptics).
import Foundation
import HAIconic

public protocol FetchableRecord {}
public protocol PersistableRecord {}
public protocol TableRecord {}

public typealias SystemSoundID = UInt32
public func AudioServicesPlaySystemSound(_ soundID: SystemSoundID) {}

public enum AppConstants {
    public static var deeplinkURL: URL { URL(string: "homeassistant://")! }

    public static func openPageDeeplinkURL(path: String, serverId: String) -> URL? {
        var components = URLComponents(string: "\(deeplinkURL.absoluteString)navigate/")
        components?.path += path
        components?.queryItems = [URLQueryItem(name: "server", value: serverId)]
        return components?.url
    }

    public static func calendarOpenURL(serverId: String, entityId: String? = nil) -> URL? {
        guard !serverId.isEmpty else { return nil }
        var queryItems = [URLQueryItem(name: "serverId", value: serverId)]
        if let entityId, !entityId.isEmpty { queryItems.insert(URLQueryItem(name: "entity_id", value: entityId), at: 0) }
        var components = URLComponents(string: "\(deeplinkURL.absoluteString)navigate/calendar")
        components?.queryItems = queryItems
        return components?.url
    }
}

public extension MaterialDesignIcons {
    convenience init(serversideValueNamed value: String, fallback: MaterialDesignIcons? = nil) {
        let name = MDIMigration.migrate(icon: value.replacingOccurrences(of: "mdi:|hass:", with: "", options: .regularExpression)
            .replacingOccurrences(of: ":", with: "_").replacingOccurrences(of: "-", with: "_"))
        if let fallback { self.init(named: name, fallback: fallback) } else { self.init(named: name) }
    }
}

/// HANetworking's `ServerInfo.remoteName` (the name the server gives itself), which the app's server
/// entity searches; our `ServerInfo` (homeassistant.swift) has the one name.
public extension ServerInfo {
    var remoteName: String { name }
}
