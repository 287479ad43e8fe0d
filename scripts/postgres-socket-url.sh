# Sourced by the benchmark scripts: postgres_socket_url URL prints the same server's URL through
# its Unix-domain socket (libpq's host=DIRECTORY), or nothing when it has none. A server on the
# same machine is cheaper to reach that way than over loopback TCP.
postgres_socket_url() {
    local url=$1 directory port base
    directory=$(psql -Atq "$url" -c "SHOW unix_socket_directories" | cut -d, -f1 | tr -d ' ')
    port=$(psql -Atq "$url" -c "SHOW port")
    case "$directory" in /*) ;; *) return 0 ;; esac
    # postgres://user@host:port/db?params -> postgres://user@:port/db?params&host=directory
    base=$(printf '%s' "$url" | sed -E 's#^(postgres(ql)?://)([^@/]*@)?[^/:?]*(:[0-9]+)?#\1\3:'"$port"'#')
    case "$base" in *\?*) echo "$base&host=$directory" ;; *) echo "$base?host=$directory" ;; esac
}

# postgres_socket_url_or_exit URL: as postgres_socket_url, but exits the script, saying why,
# when the server has no socket.
postgres_socket_url_or_exit() {
    local socket
    socket=$(postgres_socket_url "$1")
    [ -n "$socket" ] || { echo "the server at $1 has no Unix-domain socket" >&2; exit 1; }
    echo "$socket"
}
