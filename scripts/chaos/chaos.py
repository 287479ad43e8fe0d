#!/usr/bin/env python3
"""Chaos checker for Storekeeper (run through scripts/chaos.sh; Python 3 standard library only).

Starts the App Store simulator and one or two `storekeeper serve` instances on one database
(SQLite, or PostgreSQL), drives concurrent purchases (the simulator's control API, whose V2
notifications go to Storekeeper), app submissions (POST .../purchases) and spends, and kill -9s
an instance at random moments, restarting it on the same database each time. Then it lets the
simulator's notification retries arrive, re-sends every request that got no answer (as a client
would), waits for the background jobs to drain, and checks:

  - every acknowledged notification is stored and applied; every purchase credited exactly once;
  - every acknowledged spend booked exactly once; every balance (API and ledger) equals credits
    minus spends, and the ledger's postings add up to it;
  - every webhook event delivered, with one event id and one body (at-least-once), signed;
  - SQLite: PRAGMA integrity_check is ok;
  - no request got a 5xx (a refused connection while an instance is down is expected);
  - after each kill, the outbox messages the killed instance held resume within 15 s.

Everything listens on 127.0.0.1, the run is bounded in requests and time, and every process it
started is killed on exit. Exit status 0 when every check holds, 1 otherwise.
"""

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid

sys.dont_write_bytecode = True  # no __pycache__ beside the checker in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chaos_support import (  # noqa: E402
    Database, NotificationForwarder, Processes, Traffic, WebhookReceiver, call, free_ports, postgres_admin,
    wait_until, with_database)

APP = "chaos"
BUNDLE = "com.example.storekeeper"
GEMS = "com.example.storekeeper.gems.100"
CREDIT = 100
SECRET = "whsec-chaos-" + uuid.uuid4().hex
RESUME_LIMIT_SECONDS = 15.0


def parse():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True, help="the storekeeper executable")
    parser.add_argument("--backend", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--postgres-url", help="a PostgreSQL URL; a database of its own is created beside it and dropped")
    parser.add_argument("--instances", type=int, choices=[1, 2], default=1)
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--gap", type=float, nargs=2, default=[0.8, 2.5], metavar=("MIN", "MAX"),
                        help="seconds between a restart and the next kill")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--customers", type=int, default=12)
    parser.add_argument("--think", type=float, default=0.04, help="most seconds a worker waits between actions")
    parser.add_argument("--max-requests", type=int, default=20000, help="bound on the load's requests")
    parser.add_argument("--time-limit", type=float, default=900, help="seconds; the run fails if it takes longer")
    parser.add_argument("--port-base", type=int, default=21100,
                        help="the first port to try; free ones from here up to 899 above are used, outside the kernel's ephemeral ports")
    parser.add_argument("--webhook-delay", type=float, default=0.03,
                        help="seconds the receiver takes per delivery (so a batch is in flight when a kill lands)")
    parser.add_argument("--report", help="write the figures as JSON here")
    parser.add_argument("--keep", action="store_true", help="keep the work directory and database")
    parser.add_argument("--seed", type=int)
    args = parser.parse_args()
    if args.backend == "postgres" and not args.postgres_url:
        parser.error("--backend postgres needs --postgres-url")
    if args.instances == 2 and args.backend != "postgres":
        parser.error("two instances share one PostgreSQL; SQLite is for one instance")
    return args


class Run:
    def __init__(self, args):
        self.args = args
        self.work = tempfile.mkdtemp(prefix="storekeeper-chaos-")
        self.processes = Processes()
        self.traffic = Traffic()
        self.lock = threading.Lock()
        self.purchases = []   # dicts: customer, transactionId, signed, orderId, acked
        self.spends = []      # dicts: customer, key, amount, acked
        self.unexpected = []  # answers no correct server gives (4xx on valid requests)
        self.kills = []       # dicts: at, instance, held (outbox ids leased to it then)
        self.requests = 0
        self.first_acks = {}  # how many purchases and spends were acknowledged before the drain
        self.stop_load = threading.Event()
        ports = free_ports(3 + args.instances, args.port_base)
        self.simulator_port, self.receiver_port, self.forwarder_port = ports[:3]
        self.instance_ports = ports[3:]
        self.instances = {}   # name -> {"port", "process", "config"}
        self.database_name = None
        self.customers = [f"chaos-{i}" for i in range(args.customers)]

    # -- setup ------------------------------------------------------------------------------

    def storage(self):
        if self.args.backend == "sqlite":
            path = os.path.join(self.work, "chaos.sqlite")
            return {"backend": "sqlite", "path": path}, Database(sqlite_path=path)
        self.database_name = f"chaos_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        postgres_admin(self.args.postgres_url, f"CREATE DATABASE {self.database_name}")
        url = with_database(self.args.postgres_url, self.database_name)
        return {"backend": "postgres", "url": url}, Database(postgres_url=url)

    def configuration(self, name, port, storage):
        return {
            "mode": "development", "server": {"host": "127.0.0.1", "port": port}, "storage": storage,
            "instance": name, "apps": [APP],
            "app": {APP: {
                "bundleId": BUNDLE, "environments": ["Production", "Sandbox"],
                "trustedRoots": [os.path.join(self.work, "root.pem")],
                "receiptRoots": [os.path.join(self.work, "receipt-root.pem")],
                "customerTokens": {"hs256Secret": "chaos-only-hs256-secret-" + "x" * 16},
                "webhooks": ["backend"],
                "webhook": {"backend": {"url": f"http://127.0.0.1:{self.receiver_port}/events", "secret": SECRET}},
                "products": [GEMS],
                "product": {GEMS: {"kind": "consumable", "currencies": [f"gems={CREDIT}"]}},
            }},
        }

    def setup(self):
        self.receiver = WebhookReceiver(self.receiver_port, SECRET, self.args.webhook_delay)
        if self.args.instances == 1:
            notify = f"http://127.0.0.1:{self.instance_ports[0]}/v1/apps/{APP}/notifications"
        else:
            self.forwarder = NotificationForwarder(self.forwarder_port, self.instance_ports, self.traffic)
            notify = f"http://127.0.0.1:{self.forwarder_port}/v1/apps/{APP}/notifications"
        log_path = os.path.join(self.work, "simulator.log")
        simulator = self.processes.start(
            "simulator", [self.args.binary, "simulator", "--port", str(self.simulator_port), "--notify-url", notify,
                          "--accelerated"], log_path)
        wait_until(lambda: call(self.simulator_port, "GET", "/pki/root.pem").status == 200, 60, what="simulator up",
                   process=simulator, log_path=log_path)
        for path, name in [("/pki/root.pem", "root.pem"), ("/pki/receipt-root.pem", "receipt-root.pem")]:
            with open(os.path.join(self.work, name), "wb") as file:
                file.write(call(self.simulator_port, "GET", path).body)
        for customer in self.customers:
            answer = call(self.simulator_port, "PUT", "/control/accounts",
                          {"id": "apple-" + customer, "environment": "Sandbox", "storefront": "USA"})
            assert answer.status == 200, f"simulator account: {answer.status} {answer.body[:200]}"
        storage, self.database = self.storage()
        for index, port in enumerate(self.instance_ports):
            name = "chaos-" + "ab"[index]
            config = os.path.join(self.work, name + ".json")
            with open(config, "w") as file:
                json.dump(self.configuration(name, port, storage), file)
            self.instances[name] = {"port": port, "config": config, "process": None}
        first = self.instances["chaos-a"]["config"]
        self.run_command(["migrate", "--config", first])
        self.key = self.run_command(["apikey", "create", "--config", first, "--name", "chaos"]).strip().splitlines()[-1]
        for name in self.instances:
            self.start_instance(name)

    def run_command(self, arguments):
        done = subprocess.run([self.args.binary] + arguments, capture_output=True, text=True, timeout=120,
                              env=dict(os.environ, LOG_LEVEL="warning"))
        if done.returncode != 0:
            raise SystemExit(f"chaos: storekeeper {arguments[0]} failed: {done.stderr[-2000:]}")
        return done.stdout

    def start_instance(self, name):
        instance = self.instances[name]
        log_path = os.path.join(self.work, name + ".log")
        instance["process"] = self.processes.start(
            name, [self.args.binary, "serve", "--config", instance["config"]], log_path, env={"LOG_LEVEL": "warning"})
        wait_until(lambda: call(instance["port"], "GET", "/health", timeout=1).status == 200, 90,
                   what=f"{name} answering", process=instance["process"], log_path=log_path)

    # -- load -------------------------------------------------------------------------------

    def api(self, port, method, path, body=None, what=None):
        with self.lock:
            self.requests += 1
        return call(port, method, f"/v1/apps/{APP}{path}", body, {"Authorization": f"Bearer {self.key}"},
                    traffic=self.traffic, what=what or path)

    def port(self):
        return random.choice(self.instance_ports)

    def note_unexpected(self, what, answer):
        with self.lock:
            self.unexpected.append((what, answer.status, answer.body[:300].decode("utf-8", "replace")))

    def budget(self, customer):
        with self.lock:
            credited = sum(CREDIT for p in self.purchases if p["customer"] == customer and p["acked"])
            spent = sum(s["amount"] for s in self.spends if s["customer"] == customer)
        return credited - spent

    def purchase(self, customer):
        order = self.api(self.port(), "POST", "/orders", {"customerId": customer, "productId": GEMS}, "orders")
        if order.status is None:
            time.sleep(0.2)
            return
        if order.status != 201:
            self.note_unexpected("orders", order)
            return
        created = order.json()["order"]
        bought = call(self.simulator_port, "POST", "/control/purchases",
                      {"accountId": "apple-" + customer, "bundleId": BUNDLE, "productId": GEMS,
                       "appAccountToken": created["appAccountToken"]}, timeout=60)
        if bought.status != 200:
            self.note_unexpected("simulator purchase", bought)
            return
        result = bought.json()
        record = {"customer": customer, "transactionId": str(result["transaction"]["transactionId"]),
                  "signed": result["signedTransaction"], "orderId": created["id"], "acked": False}
        with self.lock:
            self.purchases.append(record)
        if random.random() < 0.7:
            self.submit(record)

    def submit(self, record):
        answer = self.api(self.port(), "POST", "/purchases",
                          {"customerId": record["customer"], "signedTransaction": record["signed"],
                           "orderId": record["orderId"]}, "purchases")
        if answer.status == 200:
            with self.lock:
                record["acked"] = True
        elif answer.status is not None:
            self.note_unexpected("purchases", answer)

    def spend(self, customer, amount):
        record = {"customer": customer, "key": "chaos-" + uuid.uuid4().hex, "amount": amount, "acked": False}
        with self.lock:
            self.spends.append(record)
        self.send_spend(record)

    def send_spend(self, record):
        answer = self.api(self.port(), "POST", f"/customers/{record['customer']}/spend",
                          {"currency": "gems", "amount": record["amount"], "idempotencyKey": record["key"]}, "spend")
        if answer.status == 200:
            with self.lock:
                record["acked"] = True
        elif answer.status is not None:
            self.note_unexpected("spend", answer)

    def worker(self, customers):
        while not self.stop_load.is_set() and self.requests < self.args.max_requests:
            customer = random.choice(customers)
            budget = self.budget(customer)
            if budget < 1 or random.random() < 0.55:
                self.purchase(customer)
            else:
                self.spend(customer, random.randint(1, min(40, budget)))
            time.sleep(random.uniform(0, self.args.think))

    # -- kills ------------------------------------------------------------------------------

    def held_by(self, name):
        now = int(time.time() * 1000)
        rows = self.database.rows(
            f"SELECT id FROM outbox WHERE status = 'pending' AND lease_owner = '{name}' AND lease_until > {now}")
        return {row[0].lower() for row in rows}

    def chaos(self):
        victims = ["chaos-a"]  # with two instances, chaos-b keeps running throughout
        for _ in range(self.args.kills):
            time.sleep(random.uniform(*self.args.gap))
            name = random.choice(victims)
            process = self.instances[name]["process"]
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            at = time.monotonic()
            self.kills.append({"at": at, "instance": name, "held": self.held_by(name)})
            time.sleep(random.uniform(0, 0.5))
            self.start_instance(name)

    def resume_times(self):
        """Per kill that left webhooks leased to the dead instance: seconds until the first of them
        was delivered (deliveries resumed) and until the last was (None: one never was)."""
        seen = {}
        for event, _, _, at in self.receiver.snapshot():
            seen.setdefault(event, []).append(at)
        times = []
        for kill in self.kills:
            if not kill["held"]:
                continue
            after = [min((t for t in seen.get(event, []) if t > kill["at"]), default=None) for event in kill["held"]]
            if None in after:
                times.append((None, None))
            else:
                times.append((min(after) - kill["at"], max(after) - kill["at"]))
        return times

    # -- drain ------------------------------------------------------------------------------

    def notifications(self):
        answer = call(self.simulator_port, "GET", f"/control/notifications?bundleId={BUNDLE}", timeout=30)
        return answer.json() or []

    def drain(self):
        """Re-sends what got no answer (as the app would), lets the simulator's retries arrive and
        the background jobs finish. Returns what did not settle in time (checked failures)."""
        unsettled = []

        def settle(predicate, timeout, interval, what):
            try:
                wait_until(predicate, timeout, interval, what)
            except TimeoutError as error:
                unsettled.append(str(error))

        for record in [p for p in self.purchases if not p["acked"]]:
            settle(lambda: self.submit(record) or record["acked"], 60, 0.5, f"purchase {record['transactionId']} acknowledged")
        for record in [s for s in self.spends if not s["acked"]]:
            settle(lambda: self.send_spend(record) or record["acked"], 60, 0.5, f"spend {record['key']} acknowledged")

        def simulator_settled():
            call(self.simulator_port, "POST", "/control/deliver", timeout=30)
            return all(n.get("nextAttemptDue") is None for n in self.notifications())
        settle(simulator_settled, 180, 1, "the simulator's notification retries done")
        settle(lambda: self.count("SELECT COUNT(*) FROM inbox WHERE status <> 'processed'") == 0, 180, 1,
               "every stored notification applied")
        settle(lambda: self.count("SELECT COUNT(*) FROM outbox WHERE status = 'pending'") == 0, 300, 1,
               "the outbox drained")
        return unsettled

    def count(self, sql):
        return int(self.database.rows(sql)[0][0])

    # -- checks -----------------------------------------------------------------------------

    def check(self, unsettled):
        failures = list(unsettled)
        notes = self.notifications()
        acknowledged = [n for n in notes if any(a.get("sendAttemptResult") == "SUCCESS" for a in n["sendAttempts"])]
        refused_by_server = sum(1 for n in notes for a in n["sendAttempts"]
                                if a.get("sendAttemptResult") == "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
        inbox = {row[0]: row[1] for row in self.database.rows("SELECT id, status FROM inbox")}
        missing = [n["notificationUUID"] for n in acknowledged if inbox.get(n["notificationUUID"]) != "processed"]
        if missing:
            failures.append(f"{len(missing)} acknowledged notifications not applied: {missing[:5]}")
        if refused_by_server:
            failures.append(f"{refused_by_server} notification attempts answered with an HTTP error")

        credits = {}
        for key, customer in self.database.rows("SELECT idempotency_key, customer_id FROM journal_entries WHERE kind = 'credit'"):
            credits.setdefault(key, []).append(customer)
        spends = {}
        for key, customer in self.database.rows("SELECT idempotency_key, customer_id FROM journal_entries WHERE kind = 'spend'"):
            spends.setdefault(key, []).append(customer)
        for p in self.purchases:
            entries = credits.get(f"credit:Sandbox:{p['transactionId']}:gems", [])
            if entries != [p["customer"]]:
                failures.append(f"purchase {p['transactionId']} of {p['customer']} credited {entries}")
        expected_credits = {f"credit:Sandbox:{p['transactionId']}:gems" for p in self.purchases}
        extra = set(credits) - expected_credits
        if extra:
            failures.append(f"{len(extra)} credits for no purchase: {sorted(extra)[:5]}")
        for s in self.spends:
            entries = spends.get(f"spend:{s['customer']}:{s['key']}", [])
            if len(entries) != 1:
                failures.append(f"spend {s['key']} booked {len(entries)} times")
        if len(spends) != len(self.spends):
            failures.append(f"{len(spends)} spends booked for {len(self.spends)} requested")

        ledger = {}
        for customer, balance in self.database.rows(
                "SELECT customer_id, SUM(balance) FROM ledger_accounts WHERE customer_id IS NOT NULL GROUP BY customer_id"):
            ledger[customer] = int(balance)
        postings = {}
        for customer, total in self.database.rows(
                "SELECT customer_id, SUM(amount) FROM ledger_postings WHERE customer_id IS NOT NULL GROUP BY customer_id"):
            postings[customer] = int(total)
        balances_checked = 0
        for customer in self.customers:
            expected = (CREDIT * sum(1 for p in self.purchases if p["customer"] == customer)
                        - sum(s["amount"] for s in self.spends if s["customer"] == customer))
            view = self.api(self.port(), "GET", f"/customers/{customer}", what="customer").json() or {}
            api_balance = balance_of(view)
            if not (api_balance == ledger.get(customer, 0) == postings.get(customer, 0) == expected):
                failures.append(f"{customer}: expected {expected}, API {api_balance}, ledger {ledger.get(customer)}, "
                                f"postings {postings.get(customer)}")
            balances_checked += 1

        deliveries = self.receiver.snapshot()
        bodies = {}
        for event, _, digest, _ in deliveries:
            bodies.setdefault(event, set()).add(digest)
        outbox = {row[0].lower(): row[1] for row in self.database.rows("SELECT id, status FROM outbox")}
        undelivered = [i for i, status in outbox.items() if status != "delivered" or i not in bodies]
        if undelivered:
            failures.append(f"{len(undelivered)} webhook events not delivered: {undelivered[:5]}")
        if any(len(d) > 1 for d in bodies.values()):
            failures.append("a webhook event id was sent with different bodies")
        if set(bodies) - set(outbox):
            failures.append("webhook deliveries with event ids the outbox never held")
        if self.receiver.bad_signatures:
            failures.append(f"{self.receiver.bad_signatures} webhook deliveries with a bad signature")

        integrity = self.database.integrity()
        if integrity not in ("ok", "n/a"):
            failures.append(f"PRAGMA integrity_check: {integrity}")
        if self.traffic.server_errors:
            failures.append(f"{len(self.traffic.server_errors)} 5xx answers: {self.traffic.server_errors[:3]}")
        if self.unexpected:
            failures.append(f"{len(self.unexpected)} unexpected answers: {self.unexpected[:3]}")
        resumes = self.resume_times()
        late = [first for first, _ in resumes if first is None or first > RESUME_LIMIT_SECONDS]
        if late:
            failures.append(f"outbox deliveries resumed after {late} s (limit {RESUME_LIMIT_SECONDS} s)")
        if len(self.kills) < self.args.kills:
            failures.append(f"only {len(self.kills)} kills of {self.args.kills}")

        figures = {
            "backend": self.args.backend, "instances": self.args.instances, "kills": len(self.kills),
            "requests": self.requests, "http_statuses": {str(k): v for k, v in sorted(self.traffic.statuses.items())},
            "no_answer": self.traffic.no_answer, "server_errors_5xx": len(self.traffic.server_errors),
            "purchases": len(self.purchases),
            "purchases_acknowledged_at_first_try": self.first_acks["purchases"],
            "purchases_credited_once": sum(
                1 for p in self.purchases if credits.get(f"credit:Sandbox:{p['transactionId']}:gems") == [p["customer"]]),
            "notifications_sent": len(notes), "notifications_acknowledged": len(acknowledged),
            "notifications_applied": sum(1 for n in acknowledged if inbox.get(n["notificationUUID"]) == "processed"),
            "notification_attempts_refused_or_unanswered": sum(
                1 for n in notes for a in n["sendAttempts"] if a.get("sendAttemptResult") != "SUCCESS"),
            "spends": len(self.spends), "spends_acknowledged_at_first_try": self.first_acks["spends"],
            "spends_booked_once": sum(1 for s in self.spends if len(spends.get(f"spend:{s['customer']}:{s['key']}", [])) == 1),
            "balances_checked": balances_checked, "webhook_events": len(outbox),
            "webhook_deliveries": len(deliveries),
            "webhook_requests_cut_off_by_a_kill": self.receiver.cut_off,
            "kills_with_held_webhooks": len(resumes),
            "max_resume_seconds": None if not resumes or late else round(max(first for first, _ in resumes), 1),
            "max_all_held_delivered_seconds": None if not resumes or late else round(max(last for _, last in resumes), 1),
            "integrity_check": integrity, "failures": failures,
        }
        return figures


def balance_of(view):
    balances = view.get("balances", {})
    if isinstance(balances, dict):
        value = balances.get("gems", 0)
        return int(value.get("balance", 0) if isinstance(value, dict) else value)
    return int(sum(b.get("balance", b.get("amount", 0)) for b in balances if b.get("currency") == "gems"))


def main():
    args = parse()
    if args.seed is not None:
        random.seed(args.seed)
    run = Run(args)
    started = time.monotonic()
    timer = threading.Timer(args.time_limit, lambda: os.kill(os.getpid(), signal.SIGTERM))
    timer.daemon = True
    timer.start()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(f"chaos: time limit of {args.time_limit:.0f} s reached"))
    ok = False
    try:
        run.setup()
        workers = [threading.Thread(target=run.worker, args=(run.customers[i::args.workers],), daemon=True)
                   for i in range(args.workers)]
        for worker in workers:
            worker.start()
        run.chaos()
        time.sleep(2)
        run.stop_load.set()
        for worker in workers:
            worker.join(120)
        run.first_acks = {"purchases": sum(p["acked"] for p in run.purchases), "spends": sum(s["acked"] for s in run.spends)}
        unsettled = run.drain()
        figures = run.check(unsettled)
        figures["seconds"] = round(time.monotonic() - started, 1)
        print(json.dumps({k: v for k, v in figures.items() if k != "failures"}, indent=2))
        if args.report:
            with open(args.report, "w") as file:
                json.dump(figures, file, indent=2)
        for failure in figures["failures"]:
            print("FAIL:", failure, file=sys.stderr)
        ok = not figures["failures"]
        print("chaos: " + ("every check holds" if ok else f"{len(figures['failures'])} checks FAILED"), file=sys.stderr)
    finally:
        print(f"chaos: cleaning up after {time.monotonic() - started:.1f} s", file=sys.stderr)
        timer.cancel()
        run.processes.stop_all()
        if hasattr(run, "receiver"):
            run.receiver.close()
        if run.database_name and not args.keep:
            try:
                postgres_admin(args.postgres_url, f"DROP DATABASE IF EXISTS {run.database_name} WITH (FORCE)")
            except Exception as error:  # the run's outcome stands; say what was left behind
                print(f"chaos: could not drop database {run.database_name}: {error}", file=sys.stderr)
        print(f"chaos: cleaned up after {time.monotonic() - started:.1f} s", file=sys.stderr)
        if ok and not args.keep:
            shutil.rmtree(run.work, ignore_errors=True)
        else:
            print(f"chaos: logs and data kept in {run.work}", file=sys.stderr)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
