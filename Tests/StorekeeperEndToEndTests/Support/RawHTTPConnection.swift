import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One HTTP/1.1 exchange written byte for byte over a plain TCP socket, for what an HTTP client
/// library will not send: a declared body that never fully arrives, hand-made chunking.
enum RawHTTPConnection {
    struct Exchange {
        /// Everything the server sent.
        var received: String
        /// Whether the server closed the connection before `timeoutSeconds` passed.
        var closedByServer: Bool

        /// The status code of the first response.
        var status: Int? {
            let parts = received.split(separator: " ", maxSplits: 2)
            guard parts.count >= 2, parts[0].hasPrefix("HTTP/1.") else { return nil }
            return Int(parts[1])
        }
    }

    struct SocketError: Error, CustomStringConvertible {
        var description: String
    }

    /// Connects to 127.0.0.1:`port`, sends `request`, then reads until the server closes the
    /// connection or `timeoutSeconds` of silence pass.
    static func exchange(port: Int, _ request: Data, timeoutSeconds: Int = 5) throws -> Exchange {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketError(description: "socket: errno \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw SocketError(description: "connect: errno \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        try request.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let sent = send(fd, bytes.baseAddress! + offset, bytes.count - offset, 0)
                guard sent > 0 else { throw SocketError(description: "send: errno \(errno)") }
                offset += sent
            }
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
                continue
            }
            // 0: the server closed; ECONNRESET: it closed with our bytes unread; EAGAIN: silence.
            let closed = count == 0 || errno == ECONNRESET
            return Exchange(received: String(decoding: received, as: UTF8.self), closedByServer: closed)
        }
    }
}
