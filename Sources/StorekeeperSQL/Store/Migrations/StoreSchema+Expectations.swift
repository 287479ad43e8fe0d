extension StoreSchema {
    /// `storekeeper_expect(ok, what)` on PostgreSQL: true, or a serialization failure saying
    /// `what` when `ok` is not true. A write sent in front of another statement (a deferred
    /// write) checks with it what its answer would have been checked for, so that the
    /// transaction runs again when the state moved after it was read. SQLite checks in Swift.
    static let expectations = Migration(
        version: 21, name: "expectations of deferred writes", sqlite: "SELECT 1",
        postgresql: """
            CREATE FUNCTION storekeeper_expect(ok BOOLEAN, what TEXT) RETURNS BOOLEAN
            LANGUAGE plpgsql VOLATILE AS $$
            BEGIN
                IF ok IS NOT TRUE THEN
                    RAISE EXCEPTION USING ERRCODE = 'serialization_failure', MESSAGE = what || '; run the write again';
                END IF;
                RETURN TRUE;
            END
            $$
            """)
}
