import Foundation
import Synchronization

/// A bounded cache of chains that passed `AppleCertificateChain`'s time-independent checks,
/// keyed by the exact bytes that carried them.
///
/// For JWS the key is the encoded header segment: it fixes `alg` and every `x5c` certificate
/// byte for byte (the strict base64 decoder admits one spelling per byte string). A hit saves
/// header decoding, certificate parsing and three signature checks; only the payload's own
/// signature and time still have to be verified. Failed chains are never cached.
package final class ChainCache<Value: Sendable>: Sendable {
    private struct Entry {
        var key: [UInt8]
        var value: Value
        /// Insertion order; the oldest entry is evicted first.
        var inserted: UInt64
    }

    private struct State {
        var buckets: [Int: [Entry]] = [:]
        var count = 0
        var tick: UInt64 = 0
    }

    private let capacity: Int
    private let state = Mutex(State())

    package init(capacity: Int = 64) {
        precondition(capacity > 0)
        self.capacity = capacity
    }

    /// Hashes the length and a prefix: cheap, and certificate serial numbers sit near the start.
    /// Equality is still decided on every byte.
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(key.count)
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: key.prefix(512))))
        return hasher.finalize()
    }

    package func value(for key: UnsafeBufferPointer<UInt8>) -> Value? {
        let hash = Self.hash(key)
        return state.withLock { state in
            state.buckets[hash]?.first { Self.equal($0.key, key) }?.value
        }
    }

    private static func equal(_ stored: [UInt8], _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard stored.count == key.count else { return false }
        return stored.withUnsafeBufferPointer { stored in
            guard let a = stored.baseAddress, let b = key.baseAddress else { return stored.count == 0 }
            return memcmp(a, b, stored.count) == 0
        }
    }

    package func insert(_ value: Value, for key: UnsafeBufferPointer<UInt8>) {
        let hash = Self.hash(key)
        let storedKey = Array(key)
        state.withLock { state in
            if let bucket = state.buckets[hash], bucket.contains(where: { $0.key == storedKey }) { return }
            if state.count >= capacity { Self.evictOldest(&state) }
            state.tick &+= 1
            state.buckets[hash, default: []].append(Entry(key: storedKey, value: value, inserted: state.tick))
            state.count += 1
        }
    }

    private static func evictOldest(_ state: inout State) {
        var oldest: (hash: Int, index: Int, inserted: UInt64)?
        for (hash, bucket) in state.buckets {
            for (index, entry) in bucket.enumerated() where entry.inserted < oldest?.inserted ?? .max {
                oldest = (hash, index, entry.inserted)
            }
        }
        guard let oldest else { return }
        state.buckets[oldest.hash]?.remove(at: oldest.index)
        if state.buckets[oldest.hash]?.isEmpty == true { state.buckets[oldest.hash] = nil }
        state.count -= 1
    }

    package var count: Int { state.withLock { $0.count } }
}
