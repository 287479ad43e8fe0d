import AppStoreModels
import Foundation
package import HTTPTypes
package import Hummingbird
import NIOCore
import Storekeeper
import StorekeeperApplication

/// JSON request bodies and responses, as every route reads and writes them.
package enum JSONBody {
    /// The JSON body, read up to `limit` bytes. A string holding U+0000 is refused before
    /// decoding (`nulCharacter`); a missing or mistyped field is `invalidRequest` naming it.
    package static func decode<T: Decodable>(_ type: T.Type, _ request: Request, limit: Int = RequestBodyLimit.smallBytes) async throws -> T
    {
        let buffer = try await RequestBodyLimit.collect(request, upTo: limit)
        if buffer.withUnsafeReadableBytes({ NULDetection.json($0) }) {
            throw StorekeeperError.nulCharacter("a string in the body contains U+0000 (NUL)")
        }
        do {
            return try JSONCoding.decode(T.self, from: Data(buffer: buffer))
        } catch let DecodingError.keyNotFound(key, _) {
            throw StorekeeperError.invalidRequest("missing field \(key.stringValue)")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw StorekeeperError.invalidRequest("invalid field \(context.codingPath.map(\.stringValue).joined(separator: "."))")
        } catch let DecodingError.dataCorrupted(context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw StorekeeperError.invalidRequest(path.isEmpty ? "body is not valid JSON" : "invalid field \(path)")
        } catch let error as StorekeeperError {
            throw error
        } catch {
            throw StorekeeperError.invalidRequest("body is not valid JSON")
        }
    }

    /// `value` as an `application/json` response.
    package static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try FastJSONEncoder().encode(value))))
    }
}
