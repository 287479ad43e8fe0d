# Sourced by the scripts that run PostgreSQL's programs: sets PG_BIN, the directory of the
# server's binaries (initdb, pg_ctl, pgbench, ...), unless it is already set: pg_config's bindir
# when that holds initdb, else the newest /usr/lib/postgresql/*/bin (Debian's layout).
if [ -z "${PG_BIN:-}" ]; then
    if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
        PG_BIN=$(pg_config --bindir)
    else
        PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    fi
fi
