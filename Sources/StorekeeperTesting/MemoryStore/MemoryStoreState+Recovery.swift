import AppStoreModels
import Storekeeper

/// Recovery watermarks (`SQLStore+Recovery`).
extension MemoryStoreState {
    /// By `slice_start`.
    func recoverySlices(job: String) throws -> [RecoverySlice] {
        try MemoryText.refuseNUL(job)
        return (recoverySlices[job] ?? [:]).values.sorted { $0.start < $1.start }
    }

    /// Upsert on `(job, slice_start)`.
    mutating func saveRecoverySlice(_ slice: RecoverySlice) throws {
        try MemoryText.refuseNUL(slice.job, slice.nextPageToken)
        recoverySlices[slice.job, default: [:]][slice.start.millisecondsSince1970] = slice
    }

    mutating func deleteRecoverySlices(job: String) throws -> Int {
        try MemoryText.refuseNUL(job)
        return recoverySlices.removeValue(forKey: job)?.count ?? 0
    }
}
