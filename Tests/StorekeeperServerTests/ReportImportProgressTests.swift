import StorekeeperApplication
import StorekeeperConsole
import StorekeeperHTTP
import StorekeeperServer
import Testing

/// `reports import`'s progress bar, by bytes.
@Suite("Report import progress")
struct ReportImportProgressTests {
    @Test
    func theBarFillsByBytesAndNamesTheFile() {
        var progress = ReportImportProgress(fileSizes: [300, 100, 600])
        #expect(progress.bar(width: 10, columns: 80) == "[----------]   0% 0/3 files")
        progress.finished(bytes: 300)
        #expect(progress.percent == 30)
        #expect(
            progress.bar(width: 10, columns: 80, current: "S_D_85000000_20261120.txt.gz")
                == "[###-------]  30% 1/3 files  S_D_85000000_20261120.txt.gz")
        // A long name is cut from the left to keep the line within the terminal.
        let cut = progress.bar(width: 10, columns: 40, current: "/var/reports/2026/S_D_85000000_20261120.txt.gz")
        #expect(cut.count <= 40 && cut.hasSuffix("120.txt.gz") && cut.contains("  …"), "\(cut)")
        progress.finished(bytes: 100)
        progress.finished(bytes: 600)
        #expect(progress.bar(width: 10, columns: 80) == "[##########] 100% 3/3 files")
        progress.finished(bytes: 600)
        #expect(progress.percent == 100 && progress.doneFiles == 3, "never past the end")
    }

    @Test
    func emptyFilesCountByFiles() {
        var progress = ReportImportProgress(fileSizes: [0, 0])
        #expect(progress.percent == 0)
        progress.finished(bytes: 0)
        progress.finished(bytes: 0)
        #expect(progress.percent == 100)
    }
}
