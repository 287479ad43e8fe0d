#include <sqlite3.h>

/// Keeps every statement journal in memory for the rest of the process
/// (`SQLITE_CONFIG_STMTJRNL_SPILL` at -1). `sqlite3_config` is variadic, which Swift cannot call;
/// it only takes effect before SQLite initializes, so it answers SQLITE_MISUSE once any
/// connection has been opened.
static inline int storekeeper_sqlite3_keep_statement_journals_in_memory(void) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, -1);
}
