import Crypto
import Foundation
import Testing

@testable import StorekeeperSQL

@Suite("SQL values and helpers")
struct SQLValueTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256MatchesTheStandardVectors(_ input: String, _ digest: String) {
        #expect(SHA256.hexDigest(input) == digest)
    }

    @Test func sha256OfAMillionAs() {
        let digest = SHA256.hash(data: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(digest.map { String(format: "%02x", $0) }.joined() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func advisoryLockKeysAreStableAndDistinct() {
        // Fixed forever: instances of different versions must agree on the keys.
        #expect(SQLAdvisoryLock.key(for: "abc") == Int64(bitPattern: 0xba78_16bf_8f01_cfea))
        #expect(SQLAdvisoryLock.key(for: "storekeeper.customer:1") != SQLAdvisoryLock.key(for: "storekeeper.customer:2"))
        #expect(SQLAdvisoryLock.migrator == SQLAdvisoryLock.key(for: "storekeeper.schema_migrations"))
    }

    @Test func swiftValuesBindToTheSharedStorageClasses() {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(SQLValue(true) == .integer(1))
        #expect(SQLValue(false) == .integer(0))
        #expect(SQLValue(42) == .integer(42))
        #expect(SQLValue(uuid) == .text("e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
        #expect(SQLValue(Data([1, 2])) == .blob([1, 2]))
        #expect(SQLValue(Optional<String>.none) == .null)
        #expect(SQLValue(Optional("x")) == .text("x"))
        let literals: [SQLValue] = [nil, 1, 2.5, "s", true]
        #expect(literals == [.null, .integer(1), .real(2.5), .text("s"), .integer(1)])
    }

    @Test func descriptionsNeverShowTextOrBytes() {
        let secret: SQLValue = "customer@example.com"
        #expect("\(secret)" == "text(20 bytes)")
        #expect("\(SQLValue.blob([1, 2, 3]))" == "blob(3 bytes)")
    }

    @Test func errorsAreRetryableOnlyForConflicts() {
        #expect(SQLError(.serializationFailure, "").isRetryable)
        #expect(SQLError(.deadlock, "").isRetryable)
        #expect(SQLError(.busy, "").isRetryable)
        #expect(!SQLError(.uniqueViolation, "").isRetryable)
        #expect(!SQLError(.connectionFailure, "").isRetryable)
    }
}
