import WidgetModel

extension Binder {
    /// `plural: '%lld steps'`: forms written as Xcode's key for them. When `strings:` (a string
    /// catalog's, or the layout's own) has an entry under that very key, its text for the locale
    /// gives the forms, as SwiftUI's `Text` looks its key up in the catalog; otherwise the key is
    /// the forms (`%lld` standing for the number, as `#` does: `PluralRules.withHashes`).
    func pluralForms(keyed argument: DataValue, _ env: Environment) -> DataValue {
        guard case .string(let key) = argument, PluralRules.hasSpecifier(key),
              case .object(let strings)? = lookup("strings", env), let entry = strings[key] else { return argument }
        return entry
    }
}
