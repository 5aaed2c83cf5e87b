import SwiftUI
import WidgetKit

@main
struct DeliveryBundle: WidgetBundle {
    var body: some Widget {
        DeliveryWidget()
        DeliveryLiveActivity()
    }
}
