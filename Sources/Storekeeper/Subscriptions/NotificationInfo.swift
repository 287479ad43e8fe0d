public import AppStoreModels

/// What a notification said about itself, kept with the facts it carried (for the status
/// register, for action annotations, and for support's audit trail).
public struct NotificationInfo: Hashable, Sendable, Codable {
    /// The V2 notification type (for a V1 notification: the V2 type that means the same).
    public var type: NotificationTypeV2
    public var subtype: NotificationSubtype?
    /// The V2 `notificationUUID`; V1 notifications have none.
    public var notificationUUID: String?
    /// `data.status` of a V2 notification about an auto-renewable subscription.
    public var status: SubscriptionStatus?
    /// For a V1 notification, its own type (`type`/`subtype` hold the V2 equivalent).
    public var v1Type: NotificationTypeV1?

    public init(
        type: NotificationTypeV2, subtype: NotificationSubtype? = nil, notificationUUID: String? = nil,
        status: SubscriptionStatus? = nil, v1Type: NotificationTypeV1? = nil
    ) {
        self.type = type
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.status = status
        self.v1Type = v1Type
    }
}
