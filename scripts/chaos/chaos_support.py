"""Pieces of the chaos checker (scripts/chaos.sh): HTTP calls that tell a refused connection from
an answer, the processes it starts, the webhook receiver and the notification forwarder, and
read-only queries on the database under test. Python 3 standard library only."""

import hashlib
import hmac
import http.client
import http.server
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import threading
import time
import urllib.parse

LOOPBACK = "127.0.0.1"


class Answer:
    """An HTTP answer, or `status` None when no answer came (refused, reset, timed out)."""

    def __init__(self, status, body=b"", error=None):
        self.status = status
        self.body = body
        self.error = error

    def json(self):
        try:
            return json.loads(self.body or b"null")
        except ValueError:
            return None


class Traffic:
    """Counts every request the checker (and the forwarder) sent to Storekeeper by outcome."""

    def __init__(self):
        self.lock = threading.Lock()
        self.statuses = {}
        self.no_answer = 0
        self.server_errors = []

    def record(self, what, answer):
        with self.lock:
            if answer.status is None:
                self.no_answer += 1
                return
            self.statuses[answer.status] = self.statuses.get(answer.status, 0) + 1
            if answer.status >= 500:
                self.server_errors.append((what, answer.status, answer.body[:300].decode("utf-8", "replace")))


def call(port, method, path, body=None, headers=None, timeout=5.0, traffic=None, what=None):
    """One request on loopback; never raises for a missing answer."""
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=timeout)
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    all_headers = {"Content-Type": "application/json"}
    all_headers.update(headers or {})
    try:
        connection.request(method, path, body=data, headers=all_headers)
        response = connection.getresponse()
        answer = Answer(response.status, response.read())
    except (OSError, http.client.HTTPException) as error:
        answer = Answer(None, error=repr(error))
    finally:
        connection.close()
    if traffic is not None:
        traffic.record(what or path, answer)
    return answer


def ephemeral_port_range():
    """The kernel's range for the local ports of outgoing connections (Linux; a usual default
    elsewhere)."""
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as file:
            low, high = (int(field) for field in file.read().split())
        return low, high
    except (OSError, ValueError):
        return 32768, 60999


def free_ports(count, first, last=None):
    """`count` ports from `first` (up to `first`+899) that can be bound now, none of them among the
    kernel's ephemeral ports. While an instance is down the checker and its forwarder keep
    connecting to its port, and a connection to a loopback port nobody listens on can be given that
    same port as its own local one: it then connects to itself (TCP simultaneous open) and holds
    the port, so the restarted instance cannot listen there."""
    last = first + 899 if last is None else last
    low, high = ephemeral_port_range()
    if not (last < low or first > high):
        raise SystemExit(f"chaos: ports {first}-{last} overlap the kernel's ephemeral ports {low}-{high}; "
                         "choose --port-base outside them")
    found = []
    for port in range(first, last + 1):
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((LOOPBACK, port))
            except OSError:
                continue
        found.append(port)
        if len(found) == count:
            return found
    raise SystemExit(f"chaos: fewer than {count} free ports in {first}-{last}")


def wait_until(predicate, timeout, interval=0.1, what="condition", process=None, log_path=None):
    """Polls `predicate` until it holds; when `process` is given and exits first, fails at once
    with the end of its log rather than waiting out the timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"chaos: {what} not reached: the process exited with {process.returncode}"
                               + log_tail(log_path))
        time.sleep(interval)
    raise TimeoutError(f"chaos: {what} not reached within {timeout:.0f} s" + log_tail(log_path))


def log_tail(log_path, lines=20):
    if log_path is None:
        return ""
    try:
        with open(log_path, "rb") as file:
            text = file.read()[-8192:].decode("utf-8", "replace")
    except OSError:
        return ""
    return f"; the end of {log_path}:\n" + "\n".join(text.splitlines()[-lines:])


class Processes:
    """Every process the checker started, killed at exit whatever happens."""

    def __init__(self):
        self.started = []

    def start(self, name, argv, log_path, env=None):
        log = open(log_path, "ab")
        process = subprocess.Popen(
            argv, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env=dict(os.environ, **(env or {})), start_new_session=True)
        log.close()
        self.started.append((name, process))
        return process

    def stop_all(self):
        for _, process in self.started:
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        for _, process in self.started:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass


class WebhookReceiver:
    """The app's backend: records every delivery (event id, type, body digest, time), checks the
    signature, answers 200 after `delay` seconds (so deliveries are in flight when a kill lands)."""

    def __init__(self, port, secret, delay):
        self.secret = secret.encode()
        self.delay = delay
        self.lock = threading.Lock()
        self.deliveries = []
        self.bad_signatures = 0
        self.cut_off = 0
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                if len(body) < length:
                    # The sender died mid-request (a kill landed while the body was on the wire).
                    # Any HTTP server rejects a body shorter than its Content-Length; it is not a
                    # delivery, and the outbox must send the event again.
                    receiver.record_cut_off()
                    self.close_connection = True
                    return
                receiver.record(self.headers, body)
                time.sleep(receiver.delay)
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer((LOOPBACK, port), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def record(self, headers, body):
        signature = headers.get("Storekeeper-Signature", "")
        parts = dict(part.split("=", 1) for part in signature.split(",") if "=" in part)
        expected = hmac.new(self.secret, parts.get("t", "").encode() + b"." + body, hashlib.sha256).hexdigest()
        with self.lock:
            if not hmac.compare_digest(expected, parts.get("v1", "")):
                self.bad_signatures += 1
            self.deliveries.append(
                (headers.get("Storekeeper-Event-Id"), headers.get("Storekeeper-Event-Type"),
                 hashlib.sha256(body).hexdigest(), time.monotonic()))

    def record_cut_off(self):
        with self.lock:
            self.cut_off += 1

    def snapshot(self):
        with self.lock:
            return list(self.deliveries)

    def close(self):
        self.server.shutdown()


class NotificationForwarder:
    """Apple's notifications spread over several Storekeeper instances, as a load balancer would:
    a random instance first, the other when it refuses; when none answers the connection is
    closed without an answer (Apple then sees no response and retries)."""

    def __init__(self, port, targets, traffic):
        self.targets = targets
        forwarder = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                order = list(forwarder.targets)
                random.shuffle(order)
                for target in order:
                    answer = call(target, "POST", self.path, body=body, timeout=20, traffic=traffic, what="notification")
                    if answer.status is not None:
                        self.send_response(answer.status)
                        self.send_header("Content-Length", str(len(answer.body)))
                        self.end_headers()
                        self.wfile.write(answer.body)
                        return
                self.close_connection = True

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer((LOOPBACK, port), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


def psql_binary():
    found = shutil.which("psql")
    if found:
        return found
    for version in sorted(os.listdir("/usr/lib/postgresql"), key=lambda v: int(v) if v.isdigit() else 0, reverse=True):
        candidate = f"/usr/lib/postgresql/{version}/bin/psql"
        if os.path.exists(candidate):
            return candidate
    raise SystemExit("chaos: psql not found (install postgresql-client)")


class Database:
    """Read-only queries on the store under test: SQLite through the sqlite3 module, PostgreSQL
    through psql. Rows come back as tuples of strings."""

    def __init__(self, sqlite_path=None, postgres_url=None):
        self.sqlite_path = sqlite_path
        self.postgres_url = postgres_url

    def rows(self, sql):
        if self.sqlite_path:
            connection = sqlite3.connect(f"file:{self.sqlite_path}?mode=ro", uri=True, timeout=30)
            try:
                return [tuple("" if v is None else str(v) for v in row) for row in connection.execute(sql)]
            finally:
                connection.close()
        output = subprocess.run(
            [psql_binary(), self.postgres_url, "-X", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql],
            check=True, capture_output=True, text=True).stdout
        return [tuple(line.split("\t")) for line in output.splitlines() if line]

    def integrity(self):
        if not self.sqlite_path:
            return "n/a"
        connection = sqlite3.connect(self.sqlite_path, timeout=30)
        try:
            return ",".join(row[0] for row in connection.execute("PRAGMA integrity_check"))
        finally:
            connection.close()


def postgres_admin(url, sql):
    subprocess.run([psql_binary(), url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql], check=True, capture_output=True)


def with_database(url, name):
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))
