/// Where callgrind cuts its profile: `scripts/perf-gates.sh` runs callgrind with
/// `--dump-before=storekeeper_gate_mark`, so every call writes one profile part and starts the
/// next from zero. A gate calls it after its warm-up and again after its measured iterations: the
/// part between the two holds exactly the measured iterations' instructions and allocations, on
/// every thread (callgrind sums threads), whatever setup, warm-up and exit cost.
///
/// The name is a plain C symbol (not a mangled Swift one) so the script can name it; it must
/// neither be inlined nor have its call removed as having no effect.
@_silgen_name("storekeeper_gate_mark")
@inline(never)
@_optimize(none)
public func gateMark(_ part: Int) {
    gateKeep(part)
}

/// Keeps `value` alive so the optimiser cannot drop the work that produced it.
@inline(never)
@_optimize(none)
public func gateKeep<T>(_ value: T) {
    _ = value
}
