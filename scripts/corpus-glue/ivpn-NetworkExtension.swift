// NetworkExtension as IVPN's widget uses it (ours): Apple's framework brings Foundation with it
// (`DataService.swift` imports only NetworkExtension and writes `UserDefaults`), and `NEVPNStatus`.
@_exported import Foundation

public enum NEVPNStatus: Int, Sendable { case invalid, disconnected, connecting, connected, reasserting, disconnecting }
