public import AppStoreModels

// Every record a notification writes appends feed events, each stored as JSON: they write
// their JSON directly, as the customer view does. Keys in sorted order, as `FastJSONEncoder`
// sorts them; `FeedEventJSONTests` holds both spellings equal.

extension FeedEvent: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("actor", actor)
        writer.field("appId", appId)
        writer.field("customerId", customerId)
        writer.key("details")
        writer.value(details)
        writer.field("fact", fact)
        writer.field("id", id)
        writer.field("occurredAt", occurredAt)
        if let postings {
            writer.key("postings")
            writer.value(postings)
        }
        writer.field("reason", reason)
        writer.field("subject", subject)
        writer.field("type", type)
        writer.endObject()
    }
}

extension FeedPosting: JSONWritable {
    public func writeJSON(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("account", account)
        writer.field("amount", amount)
        writer.field("customerId", customerId)
        writer.endObject()
    }
}
