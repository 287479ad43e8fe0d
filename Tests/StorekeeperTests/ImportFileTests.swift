import AppStoreModels
import Foundation
import Storekeeper
import Testing

/// Import files read into rows: CSV and JSON lines, every bad row refused with its line and a
/// stable code while the others are kept; and what a dry run predicts from the store's owners.
@Suite struct ImportFileTests {
    @Test func csvRowsAndRefusedLinesWithTheirNumbers() {
        let text = """
            customer_id,transaction_id,originalTransactionId,appTransactionId,receipt
            alice,2000000001,,,
            bob,,2000000002,,

            "carol",,,7000000003,
            dave,,,,TUlJ
            ,2000000005,,,
            bad customer!,2000000006,,,
            erin,,,,
            frank,2000000008,2000000008,,
            gina,20000x0009,,,
            "unclosed,2000000010,,,
            hal,1,2,3,4,5,6
            ivy,,,,not base64!\r
            """
        let (rows, invalid) = ImportFile.parse(text, format: .csv)
        #expect(
            rows == [
                ImportRow(line: 2, customerId: "alice", identifier: .transactionId("2000000001")),
                ImportRow(line: 3, customerId: "bob", identifier: .originalTransactionId("2000000002")),
                ImportRow(line: 5, customerId: "carol", identifier: .appTransactionId("7000000003")),
                ImportRow(line: 6, customerId: "dave", identifier: .receipt("TUlJ")),
            ])
        #expect(invalid.map(\.line) == [7, 8, 9, 10, 11, 12, 13, 14])
        #expect(
            invalid.map(\.code) == [
                .missingCustomer, .invalidCustomer, .missingIdentifier, .severalIdentifiers, .invalidIdentifier, .malformed,
                .malformed, .invalidIdentifier,
            ])
    }

    @Test func jsonLines() {
        let text = """
            {"customerId": "alice", "transactionId": "2000000001"}
            {"customerId": "bob", "appTransactionId": "7000000002", "note": 5}
            [1, 2]
            {"transactionId": "2000000004"}
            """
        let (rows, invalid) = ImportFile.parse(text, format: .jsonl)
        #expect(rows.map(\.line) == [1, 2])
        #expect(rows.last?.identifier == .appTransactionId("7000000002"))
        #expect(invalid.map(\.code) == [.malformed, .missingCustomer])
        #expect(invalid.map(\.line) == [3, 4])
    }

    @Test func aDryRunPredictsFromTheOwners() throws {
        let alice = try #require(CustomerID(rawValue: "alice"))
        let bob = try #require(CustomerID(rawValue: "bob"))
        #expect(ImportOutcome.predicted(customer: alice, owners: [nil], allKnown: false, policy: .keep) == .imported)
        #expect(ImportOutcome.predicted(customer: alice, owners: [alice], allKnown: true, policy: .keep) == .alreadyKnown)
        #expect(ImportOutcome.predicted(customer: alice, owners: [alice], allKnown: false, policy: .keep) == .imported)
        #expect(ImportOutcome.predicted(customer: alice, owners: [bob], allKnown: true, policy: .keep) == .ownershipConflict)
        #expect(ImportOutcome.predicted(customer: alice, owners: [bob], allKnown: true, policy: .refuse) == .ownershipConflict)
        #expect(ImportOutcome.predicted(customer: alice, owners: [bob], allKnown: true, policy: .transfer) == .imported)
    }

    @Test func feedCursorsRoundTripAndRefuseOtherText() {
        let cursor = FeedCursor(transaction: 812, sequence: 9)
        #expect(cursor.description == "1-812-9")
        #expect(FeedCursor(token: "1-812-9") == cursor)
        #expect(FeedCursor(transaction: 812, sequence: 9) < FeedCursor(transaction: 813, sequence: 1))
        for bad in ["", "1-2", "2-1-1", "1--1-1", "1-a-1", "1-1-1-1", "1-99999999999999999999-1"] {
            #expect(FeedCursor(token: bad) == nil, "\(bad)")
        }
    }
}
