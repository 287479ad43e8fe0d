import Hummingbird
import Storekeeper
import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// `Authorization: Bearer <credential>` as the authenticator reads it.
@Suite struct BearerCredentialTests {
    static func request(authorization: String?) -> Request {
        var head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/")
        if let authorization { head.headerFields[.authorization] = authorization }
        return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
    }

    @Test(arguments: [
        ("Bearer sk_abc", "sk_abc"),
        ("Bearer   sk_abc", "sk_abc"),
        ("Bearer sk_abc \t ", "sk_abc"),
        ("Bearer \teyJ.a.b", "eyJ.a.b"),
    ])
    func credentialsAreReadWithoutSurroundingBlanks(_ header: String, _ expected: String) throws {
        #expect(try Authenticator.bearerCredential(Self.request(authorization: header)) == expected)
    }

    /// (`Bearer ` alone reaches the server as `Bearer`: HTTP trims a field value's blanks.)
    @Test(arguments: [nil, "bearer sk_abc", "Basic dXNlcjpwYXNz", "Bearersk_abc", "sk_abc", "Bearer "] as [String?])
    func otherSchemesAreUnauthorized(_ header: String?) {
        let error = #expect(throws: StorekeeperError.self) { try Authenticator.bearerCredential(Self.request(authorization: header)) }
        #expect(error?.code == .unauthorized)
    }
}
