internal import Synchronization

/// A bounded, thread-safe cache of validated certificate chains, keyed by the exact bytes of the
/// signer identifier and every certificate a receipt carries.
///
/// Only successful validations are cached. When full, the oldest entry is evicted.
final class ReceiptChainCache: Sendable {
    struct Key: Hashable, Sendable {
        var bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    private struct State {
        var entries: [Key: ReceiptCertificateChain] = [:]
        var order: [Key] = []
        var next = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    static func key(signer: CMSSignerInfo, certificates: [ArraySlice<UInt8>]) -> Key {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(signer.identifierBytes.count + certificates.reduce(0) { $0 + $1.count })
        // Each element is a complete TLV, so the concatenation is unambiguous.
        bytes.append(contentsOf: signer.identifierBytes)
        for certificate in certificates { bytes.append(contentsOf: certificate) }
        return Key(bytes: bytes)
    }

    func lookup(_ key: Key) -> ReceiptCertificateChain? {
        state.withLock { $0.entries[key] }
    }

    func store(_ chain: ReceiptCertificateChain, for key: Key) {
        guard capacity > 0 else { return }
        state.withLock { state in
            if state.entries.updateValue(chain, forKey: key) != nil { return }
            if state.order.count < capacity {
                state.order.append(key)
            } else {
                state.entries.removeValue(forKey: state.order[state.next])
                state.order[state.next] = key
                state.next = (state.next + 1) % capacity
            }
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
