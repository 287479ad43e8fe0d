/// The progress of `storekeeper reports import FILE...`, by bytes read: the bar a terminal
/// shows (redrawn in place) and the plain lines a log or pipe gets instead.
public struct ReportImportProgress: Sendable, Hashable {
    /// Bytes of all the files.
    public let totalBytes: Int
    public let totalFiles: Int
    /// Bytes and files done so far.
    public private(set) var doneBytes = 0
    public private(set) var doneFiles = 0

    public init(fileSizes: [Int]) {
        totalBytes = fileSizes.reduce(0) { $0 + max(0, $1) }
        totalFiles = fileSizes.count
    }

    /// One more file of `bytes` bytes is done.
    public mutating func finished(bytes: Int) {
        doneFiles = min(totalFiles, doneFiles + 1)
        doneBytes = min(totalBytes, doneBytes + max(0, bytes))
    }

    /// Done, in percent (100 when there is nothing to do), rounded down.
    public var percent: Int {
        totalBytes == 0 ? (doneFiles == totalFiles ? 100 : 0) : doneBytes * 100 / totalBytes
    }

    /// `[#########-----------]  45% 3/7 files  name`, `width` characters of bar; the name is cut
    /// to keep the line within `columns`.
    public func bar(width: Int = 30, columns: Int = 100, current name: String = "") -> String {
        let filled = totalBytes == 0 ? (doneFiles == totalFiles ? width : 0) : doneBytes * width / totalBytes
        let head = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
        let percentText = String(repeating: " ", count: max(0, 3 - String(percent).count)) + "\(percent)%"
        let line = head + percentText + " \(doneFiles)/\(totalFiles) files"
        let room = columns - line.count - 2
        guard !name.isEmpty, room > 3 else { return line }
        return line + "  " + (name.count <= room ? name : "…" + name.suffix(room - 1))
    }
}
