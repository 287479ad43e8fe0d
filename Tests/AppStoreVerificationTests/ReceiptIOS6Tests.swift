import AppStoreModels
import AppStoreVerification
import Foundation
import Testing

/// iOS 6-style transaction receipts: a strict old-style property list parser, parse only.
@Suite("Receipt iOS 6 transaction receipts")
struct ReceiptIOS6Tests {
    static let purchaseInfo = """
        {
        \t"original-purchase-date-pst" = "2013-02-20 03:12:55 America/Los_Angeles";
        \t"unique-identifier" = "0000b0090000";
        \t"original-transaction-id" = "1000000065218541";
        \t"bvrs" = "1.0";
        \t"app-item-id" = "590232415";
        \t"transaction-id" = "1000000065218541";
        \t"quantity" = "2";
        \t"original-purchase-date-ms" = "1361358775000";
        \t"unique-vendor-identifier" = "8D1A9B4C-0E3F-4A57-9F6E-1C2B3D4E5F60";
        \t"item-id" = "590358120";
        \t"version-external-identifier" = "13102553";
        \t"product-id" = "com.example.coins.100";
        \t"purchase-date" = "2013-02-20 11:12:55 Etc/GMT";
        \t"original-purchase-date" = "2013-02-20 11:12:55 Etc/GMT";
        \t"bid" = "com.example.game";
        \t"purchase-date-ms" = "1361358775000";
        \t"purchase-date-pst" = "2013-02-20 03:12:55 America/Los_Angeles";
        \t"note" = "tab\\tquote\\"backslash\\\\unicode\\U00e9octal\\101";
        }
        """

    static func receipt(purchaseInfo: String = purchaseInfo, signature: [UInt8] = signatureBlob(), extra: String = "") -> String {
        let info = Data(purchaseInfo.utf8).base64EncodedString()
        let outer = """
            {
            \t"signature" = "\(Data(signature).base64EncodedString())";
            \t"purchase-info" = "\(info)";
            \t"environment" = "Sandbox";
            \t"pod" = "100";
            \t"signing-status" = "0";\(extra)
            }
            """
        return Data(outer.utf8).base64EncodedString()
    }

    static func signatureBlob(version: UInt8 = 2, certificate: [UInt8] = [0x30, 0x03, 0x02, 0x01, 0x01]) -> [UInt8] {
        let length = UInt32(certificate.count)
        return [version] + Array(repeating: 0x5A, count: 128)
            + [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + certificate
    }

    @Test("decodes both dictionaries and the typed fields")
    func decodes() throws {
        let receipt = try IOS6TransactionReceiptParser.parse(base64Receipt: Self.receipt())
        #expect(receipt.environment == .sandbox)
        #expect(receipt.outerFields["pod"] == "100")
        #expect(receipt.outerFields["signing-status"] == "0")
        #expect(receipt.transactionId == "1000000065218541")
        #expect(receipt.originalTransactionId == "1000000065218541")
        #expect(receipt.productId == "com.example.coins.100")
        #expect(receipt.bundleId == "com.example.game")
        #expect(receipt.bundleVersion == "1.0")
        #expect(receipt.quantity == 2)
        #expect(receipt.appItemId == 590_232_415)
        #expect(receipt.itemId == 590_358_120)
        #expect(receipt.versionExternalIdentifier == 13_102_553)
        #expect(receipt.purchaseDate == Timestamp(millisecondsSince1970: 1_361_358_775_000))
        #expect(receipt.originalPurchaseDate == Timestamp(millisecondsSince1970: 1_361_358_775_000))
        #expect(receipt.uniqueVendorIdentifier == "8D1A9B4C-0E3F-4A57-9F6E-1C2B3D4E5F60")
        #expect(receipt.expiresDate == nil)
        #expect(receipt.purchaseInfoFields["note"] == "tab\tquote\"backslash\\unicode\u{e9}octalA")
        #expect(receipt.purchaseInfoFields.count == 18)
        #expect(String(decoding: receipt.purchaseInfo, as: UTF8.self) == Self.purchaseInfo)
    }

    @Test("a receipt without an environment key is production")
    func production() throws {
        let outer = "{ \"signature\" = \"AA==\"; \"purchase-info\" = \"\(Data("{}".utf8).base64EncodedString())\"; }"
        let receipt = try IOS6TransactionReceiptParser.parse(Array(outer.utf8))
        #expect(receipt.environment == .production)
    }

    @Test("decodes the version-2 signature blob layout")
    func signatureBlob() throws {
        let receipt = try IOS6TransactionReceiptParser.parse(base64Receipt: Self.receipt())
        let blob = try IOS6TransactionReceiptParser.signatureBlob(of: receipt)
        #expect(blob.version == 2)
        #expect(blob.signature.count == 128)
        #expect(blob.certificate == [0x30, 0x03, 0x02, 0x01, 0x01])

        let v3 = try IOS6TransactionReceiptParser.parse(base64Receipt: Self.receipt(signature: Self.signatureBlob(version: 3)))
        #expect(verificationError { _ = try IOS6TransactionReceiptParser.signatureBlob(of: v3) }?.code == .malformed)
        var short = Self.signatureBlob()
        short.removeLast(2)
        let truncated = try IOS6TransactionReceiptParser.parse(base64Receipt: Self.receipt(signature: short))
        #expect(verificationError { _ = try IOS6TransactionReceiptParser.signatureBlob(of: truncated) }?.code == .malformed)
    }

    @Test(
        "refuses what the dialect does not allow",
        arguments: [
            "",
            "{",
            "{ \"a\" = \"b\" }",
            "{ \"a\" = \"b\"; \"a\" = \"c\"; }",
            "{ a = \"b\"; }",
            "{ \"a\" = { \"b\" = \"c\"; }; }",
            "{ \"a\" = (\"b\"); }",
            "{ \"a\" = \"b\"; } trailing",
            "{ \"a\" = \"unterminated; }",
            "{ \"a\" = \"bad \\q escape\"; }",
            "{ \"a\" = \"bad \\U12 escape\"; }",
            "// comment\n{ \"a\" = \"b\"; }",
            "( \"a\" )",
        ]
    )
    func refuses(text: String) {
        let error = verificationError { _ = try IOS6TransactionReceiptParser.parse(Array(text.utf8)) }
        #expect(error?.code == .malformed)
    }

    @Test("refuses invalid UTF-8 and receipts without purchase-info or signature")
    func refusesContent() {
        let invalid: [UInt8] = Array("{ \"a\" = \"".utf8) + [0xFF, 0xFE] + Array("\"; }".utf8)
        #expect(verificationError { _ = try IOS6TransactionReceiptParser.parse(invalid) }?.code == .malformed)
        let noInfo = "{ \"signature\" = \"AA==\"; }"
        #expect(
            verificationError { _ = try IOS6TransactionReceiptParser.parse(Array(noInfo.utf8)) }?.reason.contains("purchase-info") == true)
        let badInfo = "{ \"signature\" = \"AA==\"; \"purchase-info\" = \"%%%\"; }"
        #expect(verificationError { _ = try IOS6TransactionReceiptParser.parse(Array(badInfo.utf8)) }?.code == .malformed)
    }

    @Test("mutated iOS 6 receipts only ever throw VerificationError")
    func mutations() throws {
        let seed = Array(Data(base64Encoded: Self.receipt()) ?? Data())
        var generator = SplitMix64(seed: 6)
        for _ in 0..<2_000 {
            let mutated = ReceiptFuzzTests.mutate(seed, using: &generator)
            do {
                _ = try IOS6TransactionReceiptParser.parse(mutated)
            } catch {
                #expect(error.code == .malformed)
            }
        }
    }
}
