// Stubs (ours) for what Simplenote's widget target gets from elsewhere: its bridging header
// (Foundation for every file), the types Xcode generates from its .intentdefinition files,
// CoreData (not on Linux), and ObjC categories of the app.
@_exported import Foundation

// Generated from ListWidgetIntent.intentdefinition / NoteWidgetIntent.intentdefinition
enum ListFilterKind: Int { case unknown = 0, allNotes, tag }
class WidgetTag {
    var identifier: String?
    var displayString: String
    var kind: ListFilterKind = .unknown
    init(identifier: String?, display: String) { self.identifier = identifier; self.displayString = display }
}
class WidgetNote {
    var identifier: String?
    var displayString: String
    init(identifier: String?, display: String) { self.identifier = identifier; self.displayString = display }
}
class ListWidgetIntent { var tag: WidgetTag? }
class NoteWidgetIntent { var note: WidgetNote? }

// CoreData
open class NSManagedObject: NSObject {
    open func awakeFromInsert() {}
    open var isDeleted: Bool { false }
    open class var entityName: String { String(describing: self) }
}
open class NSFetchRequest<T: AnyObject> {
    public init(entityName: String) {}
    open var predicate: NSPredicate?
    open var sortDescriptors: [NSSortDescriptor]?
    open var fetchLimit = 0
}
open class NSManagedObjectContext {
    open func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] { [] }
}
@propertyWrapper struct NSManaged<Value> { var wrappedValue: Value }

// The app's CoreDataManager (Simplenote/CoreDataManager.swift needs the model file).
enum CoreDataUsageType { case standard, intents, widgets }
class CoreDataManager {
    var managedObjectContext: NSManagedObjectContext! = NSManagedObjectContext()
    init(_ storageURL: URL, storageSettings: StorageSettings = StorageSettings(), for usageType: CoreDataUsageType = .standard) throws {}
}
// NSPredicate+Simplenote.m
extension NSPredicate {
    static func predicateForNotes(deleted: Bool) -> NSPredicate { NSPredicate(value: true) }
    static func predicateForNotes(tag: String) -> NSPredicate { NSPredicate(value: true) }
}
extension FileManager {
    var documentsURL: URL { temporaryDirectory }
    var sharedContainerURL: URL { temporaryDirectory }
}
// SPCredentials.swift is generated at build time from secrets.
enum SPCredentials { static let defaultEngineURL = "https://app.simplenote.com" }
// NSObject's key-value coding (not in swift-corelibs-foundation), as UserDefaults answers it.
extension UserDefaults { func value(forKey key: String) -> Any? { object(forKey: key) } }
