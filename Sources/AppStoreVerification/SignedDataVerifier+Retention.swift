public import AppStoreModels

extension SignedDataVerifier {
    /// A Get Retention Message request body (`{"signedPayload":"..."}` as the App Store POSTs
    /// it), verified like a notification: signature and chain judged at its `signedDate`, then its
    /// app Apple ID and environment bound to the expectations. It names no bundle ID.
    public func verifyRealtimeRequestBody(_ body: [UInt8]) throws(VerificationError) -> DecodedRealtimeRequestBody {
        let signedPayload: String
        do {
            signedPayload = try JSONCoding.decodeStrict(RealtimeRequestBody.self, from: body, maxDepth: 4).signedPayload
        } catch {
            throw .malformed("real-time request body is not {\"signedPayload\": ...}: \(error)")
        }
        return try verifyRealtimeRequest(signedPayload)
    }

    /// A real-time request's `signedPayload`.
    public func verifyRealtimeRequest(_ signedPayload: String) throws(VerificationError) -> DecodedRealtimeRequestBody {
        let (request, _) = try jws.verify(signedPayload, as: DecodedRealtimeRequestBody.self) { $0.signedDate }
        try expectations.check(
            AppClaims(appAppleId: request.appAppleId, environment: request.environment, checksBundleId: false),
            what: "real-time request")
        return request
    }
}
