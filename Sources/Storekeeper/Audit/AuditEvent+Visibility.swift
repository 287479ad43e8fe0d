/// An audit event as an operator is shown it: the apps it lists are cut to the operator's own
/// (``Operator/visible(_:)``), so an app's admin never learns other apps' names from the log.
extension AuditEvent {
    /// The key of the details that list apps, comma-separated (the apps an operator was given).
    public static let appsDetail = "apps"

    /// The event as `viewer` is shown it: an app list in its details keeps only the apps
    /// `viewer` was given.
    public func shown(to viewer: Operator) -> AuditEvent {
        guard let listed = details[Self.appsDetail] else { return self }
        var shown = self
        shown.details[Self.appsDetail] = viewer.visible(listed.split(separator: ",").map(String.init)).joined(separator: ",")
        return shown
    }
}
