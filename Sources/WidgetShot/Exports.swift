// `import WidgetShot` is all a library user needs: the request, result and error types of the
// stages it composes (Surface, DeviceProfile, LayoutDocument, FontLibrary, DiffResult…) come with it.
@_exported import WidgetCompose
@_exported import WidgetDiff
@_exported import WidgetModel
@_exported import WidgetRender
@_exported import WidgetTemplate
