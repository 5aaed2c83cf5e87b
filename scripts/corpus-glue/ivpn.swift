// Stubs (ours) for what IVPN's widget files get from the app's shared sources
// and KeychainAccess.
import Foundation

// KeychainAccess
enum Accessibility { case whenPasscodeSetThisDeviceOnly }
final class Keychain {
    init(service: String, accessGroup: String) {}
    func accessibility(_ accessibility: Accessibility) -> Keychain { self }
    subscript(key: String) -> String? { get { nil } set {} }
}
// The app's shared sources
extension UserDefaults {
    static let shared = UserDefaults.standard
    var isLoggedIn: Bool { bool(forKey: "isLoggedIn") }
    var isAntiTracker: Bool { bool(forKey: "isAntiTracker") }
    var isMultiHop: Bool { bool(forKey: "isMultiHop") }
    var isV2ray: Bool { bool(forKey: "isV2ray") }
    var v2rayProtocol: String { string(forKey: "v2rayProtocol") ?? "" }
    enum Key {
        static let connectionStatus = "connectionStatus", connectionLocation = "connectionLocation"
        static let connectionIpAddress = "connectionIpAddress", connectionIpv6Address = "connectionIpv6Address"
        static let lastWidgetUpdate = "lastWidgetUpdate", selectedProtocol = "selectedProtocol", geoLookup = "geoLookup"
    }
}
enum Result<T> { case success(T), failure(Error?) }
struct GeoLookup: Codable {
    var ipAddress: String, countryCode: String, country: String, city: String
    var isIvpnServer: Bool, isp: String, latitude: Double, longitude: Double
    func save() {}
}
enum HTTPMethod { case get, post }
enum AddressType { case IPv4, IPv6 }
struct ApiRequestDI { init(method: HTTPMethod, endpoint: String, addressType: AddressType? = nil) {} }
enum Config { static let apiGeoLookup = "/v4/geo-lookup" }
final class ApiService {
    static let shared = ApiService()
    func request<T>(_ request: ApiRequestDI, completion: @escaping (Result<T>) -> Void) {}
}
extension Array { subscript(safeIndex index: Int) -> Element? { indices.contains(index) ? self[index] : nil } }
