// Stubs (ours) for the FoodTruck sample's own package FoodTruckKit, as its widgets use it.
import SwiftUI

struct Donut: Identifiable, Hashable {
    var id: Int
    var name: String
    static let preview = Donut(id: 0, name: "Classic")
    static let all = [preview, Donut(id: 1, name: "Blueberry Frosted")]
}
struct DonutView: View {
    var donut: Donut
    var body: some View { Circle().fill(Color.pink.gradient) }
}
struct ParkingSpot: Identifiable, Hashable { var id: String; var name: String }
struct City: Identifiable, Hashable {
    var id: String
    var name: String
    var parkingSpots: [ParkingSpot]
    static let cupertino = City(id: "cupertino", name: "Cupertino", parkingSpots: [ParkingSpot(id: "a", name: "Infinite Loop")])
}
