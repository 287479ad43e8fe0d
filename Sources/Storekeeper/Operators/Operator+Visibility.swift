/// What an operator is shown of other operators and of the audit log: only the apps it was given,
/// so an app's admin never learns the names of apps it does not work on.
extension Operator {
    /// Of `apps`, the ones this operator was given, in their order.
    public func visible(_ apps: [String]) -> [String] {
        apps.filter(self.apps.contains)
    }
}
