extension StoreSchema {
    /// The seat ledger of developer-hosted group subscriptions (``SeatClaim``): one row per
    /// claim, keyed by its group (the purchaser's original transaction) and the app's request
    /// identifier, so a retried claim finds its row and a request identifier of another group
    /// (another app's) finds nothing. Apple's `seatClaimId` is unique once known;
    /// `seat_claims_member` serves a member's claims (their access and record).
    static let seatClaims = Migration(version: 23, name: "seat claims") { dialect in
        """
        CREATE TABLE seat_claims (
            environment TEXT NOT NULL,
            original_transaction_id TEXT NOT NULL,
            request_identifier TEXT NOT NULL,
            member_id TEXT NOT NULL,
            seat_claim_id TEXT,
            app_transaction_id TEXT,
            state TEXT NOT NULL,
            released_by TEXT,
            reason TEXT,
            claimed_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            released_at BIGINT,
            PRIMARY KEY (environment, original_transaction_id, request_identifier)
        )\(dialect.clustered);
        CREATE UNIQUE INDEX seat_claims_seat_claim ON seat_claims (seat_claim_id) WHERE seat_claim_id IS NOT NULL;
        CREATE INDEX seat_claims_member ON seat_claims (member_id, claimed_at, request_identifier);
        """
    }
}
