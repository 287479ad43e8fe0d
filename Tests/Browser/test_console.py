"""The web console in a real browser (Debian's Chromium through chromedriver), against a running
`storekeeper demo --keep-running` stack with the App Store simulator. Started by
scripts/console-browser-tests.sh, which sets the environment conftest.py reads.

Each test signs in as a person would (typing into the labelled fields), and writes screenshots
of the pages it visits at desktop and phone widths."""

import pathlib
import struct
import tempfile
import time
import uuid
import zlib

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import DESKTOP, PHONE

MONTHLY = "com.example.storekeeper.premium.monthly"
MONTHLY_B = "com.example.storekeeper.premium.monthly.b"
YEARLY = "com.example.storekeeper.premium.yearly"
BUNDLE = "com.example.storekeeper"
GEMS = "com.example.storekeeper.gems.100"


# MARK: Helpers

def sign_in(driver, stack, name, key):
    driver.get(stack.console + "/sign-in")
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "key").send_keys(key)
    driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    WebDriverWait(driver, 15).until(EC.presence_of_element_located((By.ID, "who")))


def shoot(driver, screenshots, name, reload=True, anchor=None):
    """The current page at desktop and phone widths (the phone as a mobile viewport), then the
    desktop viewport again. A page that answered a form is not reloaded (that would post the form
    again): it is laid out anew at each width instead."""
    for label, (width, height), mobile in (("desktop", DESKTOP, False), ("phone", PHONE, True)):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        if reload:
            driver.refresh()
        if anchor:
            driver.execute_script("document.getElementById(arguments[0]).scrollIntoView()", anchor)
        else:
            driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(screenshots / f"{name}-{label}.png"))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": DESKTOP[0], "height": DESKTOP[1], "deviceScaleFactor": 1, "mobile": False})
    if reload:
        driver.refresh()


def text(driver):
    return driver.find_element(By.TAG_NAME, "body").text


def crossgrade_story(stack):
    """seeds/003's trap, at the simulator and through the app's API: buy monthly (A), crossgrade
    at once to monthly.b (B, same duration: Apple refunds A pro rata), then replay A's signed
    transaction as the exploit does. Answers (customer, B's transaction)."""
    tag = uuid.uuid4().hex[:8]
    account, customer = f"browser-apple-{tag}", f"jack-{tag}"
    status, _ = stack.control("PUT", "/accounts", {"id": account})
    assert status == 200
    bought = {}
    for product in (MONTHLY, MONTHLY_B):
        status, result = stack.control("POST", "/purchases",
                                       {"accountId": account, "bundleId": BUNDLE, "productId": product})
        assert status == 200, result
        bought[product] = result
        status, answer = stack.api("POST", "/purchases",
                                   {"customerId": customer, "signedTransaction": result["signedTransaction"]})
        assert status == 200, answer
    status, answer = stack.api("POST", "/purchases",
                               {"customerId": customer, "signedTransaction": bought[MONTHLY]["signedTransaction"]})
    assert status == 200, answer
    return customer, bought[MONTHLY_B]["transaction"]["transactionId"]


def refund_story(stack):
    """Two gem packs bought through the app's API: the customer consents to share consumption data
    and asks Apple for a refund of the first (a CONSUMPTION_REQUEST Storekeeper answers); Apple
    refunds the second (the gems are clawed back). Answers (customer, first, second)."""
    tag = uuid.uuid4().hex[:8]
    account, customer = f"browser-refund-{tag}", f"rita-{tag}"
    status, _ = stack.control("PUT", "/accounts", {"id": account})
    assert status == 200
    status, answer = stack.api("PUT", f"/customers/{customer}/consumption-consent", {"consented": True})
    assert status == 200, answer
    bought = []
    for _ in range(2):
        status, result = stack.control("POST", "/purchases", {"accountId": account, "bundleId": BUNDLE, "productId": GEMS})
        assert status == 200, result
        status, answer = stack.api("POST", "/purchases",
                                   {"customerId": customer, "signedTransaction": result["signedTransaction"]})
        assert status == 200, answer
        bought.append(result["transaction"]["transactionId"])
    status, answer = stack.control("POST", f"/transactions/{bought[0]}/refund-request", {"reason": "UNINTENDED_PURCHASE"})
    assert status == 200, answer
    status, answer = stack.control("POST", f"/transactions/{bought[1]}/refund", {"reason": 1})
    assert status == 200, answer
    return customer, bought[0], bought[1]


def png_file(width, height, draw):
    """An opaque RGB PNG written to a temporary file; `draw(x, y)` gives each pixel's colour."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"".join(bytes(draw(x, y)) for x in range(width)) for y in range(height))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
    path = pathlib.Path(tempfile.mkdtemp()) / f"retention-{width}x{height}.png"
    path.write_bytes(png)
    return str(path)


def result_fact(driver, label):
    return driver.find_element(By.XPATH, f"//dl[@id='result']/dt[.=\"{label}\"]/following-sibling::dd[1]").text


def forged_post(driver, path, fields):
    """Submits a form the console did not render (no CSRF token), as another site would."""
    driver.execute_script("""
        const form = document.createElement('form');
        form.method = 'post';
        form.action = arguments[0];
        for (const [name, value] of Object.entries(arguments[1])) {
            const input = document.createElement('input');
            input.type = 'hidden'; input.name = name; input.value = value;
            form.appendChild(input);
        }
        document.body.appendChild(form);
        HTMLFormElement.prototype.submit.call(form);
    """, path, fields)
    WebDriverWait(driver, 15).until(EC.title_contains("·"))


# MARK: Tests

def test_sign_in_search_by_transaction_and_read_the_crossgrade_story(browser, stack, screenshots):
    customer, transaction_b = crossgrade_story(stack)
    browser.get(stack.console + "/sign-in")
    shoot(browser, screenshots, "sign-in")
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    assert f"/console/apps/{stack.app}/" in browser.current_url

    search = browser.find_element(By.ID, "q")
    assert browser.find_element(By.CSS_SELECTOR, "label[for=q]").text, "the search box is labelled"
    search.send_keys(transaction_b)
    search.submit()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "customer-id")))
    assert browser.find_element(By.ID, "customer-id").text == customer

    timeline = browser.find_element(By.ID, "timeline").text
    # The story of seeds/003, newest first: Apple's same-duration crossgrade (its UPGRADE
    # notification) replaced A's period by B's at once, removed A's entitlement and granted B's;
    # replaying A's signed transaction afterwards added nothing (one grant of B, no second period).
    assert f"from={MONTHLY}, kind=immediate, to={MONTHLY_B}" in timeline, timeline
    events = [line for line in timeline.splitlines() if " by " in line and " UTC " in line]
    kinds = [line.split(" UTC ", 1)[1].split(" by ")[0] for line in events]
    assert kinds.count("subscription.renewalPreferenceChanged") == 1, kinds
    assert kinds.index("entitlement.removed") < kinds.index("subscription.renewalPreferenceChanged"), kinds
    assert f"productId={MONTHLY}, source=" in timeline, "A's entitlement is the one removed"
    assert timeline.count(f"productId={MONTHLY_B}, source=") == 1, "B granted once, whatever was replayed"
    entitlements = browser.find_element(By.ID, "entitlements").text
    assert "premium" in entitlements and "active" in entitlements and MONTHLY_B in entitlements, entitlements
    subscriptions = browser.find_element(By.ID, "subscriptions").text
    assert MONTHLY_B in subscriptions and len(browser.find_elements(By.CSS_SELECTOR, "#subscriptions tbody tr")) == 1
    shoot(browser, screenshots, "customer")

    browser.get(f"{stack.console}/apps/{stack.app}/search")
    shoot(browser, screenshots, "search")


def test_admin_pages_audit_operators_reconciliation(browser, stack, screenshots):
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    browser.get(f"{stack.console}/apps/{stack.app}/audit")
    assert "Audit log" in browser.find_element(By.TAG_NAME, "h1").text
    shoot(browser, screenshots, "audit")
    browser.get(f"{stack.console}/operators")
    assert stack.operator_name in browser.find_element(By.ID, "operators").text
    shoot(browser, screenshots, "operators")
    browser.get(f"{stack.console}/apps/{stack.app}/reconciliation")
    assert "Reconciliation" in browser.find_element(By.TAG_NAME, "h1").text
    shoot(browser, screenshots, "reconciliation")


def test_grant_an_entitlement_with_a_reason_and_see_it_in_the_record_and_the_audit_log(browser, stack, screenshots):
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    browser.get(f"{stack.console}/apps/{stack.app}/customers/alice")
    assert "✓ basic" not in browser.find_element(By.ID, "entitlements").text, "alice never bought basic"
    reason = f"ticket {uuid.uuid4().hex[:6]}: goodwill after an outage"
    form = browser.find_element(By.ID, "grant-form")
    Select(form.find_element(By.ID, "grant-entitlement")).select_by_value("basic")
    Select(form.find_element(By.ID, "grant-duration")).select_by_value("P7D")
    form.find_element(By.ID, "grant-reason").send_keys(reason)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "notice")))
    assert "Entitlement granted" in browser.find_element(By.ID, "notice").text
    entitlements = browser.find_element(By.ID, "entitlements").text
    assert "✓ basic — active" in entitlements and f"operator:{stack.operator_name}" in entitlements, entitlements
    assert reason in browser.find_element(By.ID, "operator-grants").text
    assert "grant.created" in browser.find_element(By.ID, "timeline").text
    shoot(browser, screenshots, "customer-after-grant")

    browser.get(f"{stack.console}/apps/{stack.app}/audit?kind=grant.created")
    events = browser.find_element(By.ID, "audit-events").text
    assert reason in events and f"operator:{stack.operator_name}" in events


def test_replay_a_notification(browser, stack, screenshots):
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    browser.get(f"{stack.console}/apps/{stack.app}/notifications?status=processed")
    shoot(browser, screenshots, "notifications")
    browser.find_element(By.CSS_SELECTOR, "#notifications tbody tr a").click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "replay-form")))
    assert browser.find_element(By.ID, "notification-status").text == "processed"
    reason = f"checking delivery {uuid.uuid4().hex[:6]}"
    browser.find_element(By.ID, "replay-reason").send_keys(reason)
    browser.find_element(By.CSS_SELECTOR, "#replay-form button[type=submit]").click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "notice")))
    # Already applied: the replay is a duplicate, nothing happens twice; the action is recorded.
    assert "Replayed: duplicate" in browser.find_element(By.ID, "notice").text
    actions = browser.find_element(By.ID, "notification-actions").text
    assert "notification.replayed" in actions and reason in actions, actions
    shoot(browser, screenshots, "notification")


def test_a_post_without_the_csrf_token_is_refused(browser, stack):
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    forged_post(browser, "/console/sign-out", {})
    assert "Form refused" in browser.title
    assert "CSRF" in text(browser)
    browser.get(f"{stack.console}/apps/{stack.app}/search")
    assert browser.find_element(By.ID, "who").text.startswith(stack.operator_name), "the forged sign-out did nothing"


def test_a_viewer_cannot_act(browser, stack, screenshots):
    name = f"viewer-{uuid.uuid4().hex[:8]}"
    status, created = stack.admin("POST", "/operators",
                                  {"name": name, "role": "viewer", "apps": [stack.app], "reason": "browser test"})
    assert status == 201, created
    sign_in(browser, stack, name, created["key"])
    assert "(viewer)" in browser.find_element(By.ID, "who").text
    assert not browser.find_elements(By.LINK_TEXT, "Operators"), "no link to what a viewer may not see"
    browser.get(f"{stack.console}/apps/{stack.app}/audit")
    assert "Not allowed" in browser.title and "admin" in text(browser)
    browser.get(f"{stack.console}/operators")
    assert "Not allowed" in browser.title
    browser.get(f"{stack.console}/apps/{stack.app}/customers/alice")
    assert browser.find_element(By.ID, "customer-id").text == "alice"
    assert not browser.find_elements(By.ID, "grant-form"), "a viewer is shown no action"
    # A grant posted anyway, with the viewer's own valid session token, is refused.
    csrf = browser.find_element(By.CSS_SELECTOR, "form[action='/console/sign-out'] input[name=csrf]").get_attribute("value")
    forged_post(browser, f"/console/apps/{stack.app}/customers/alice/grant",
                {"csrf": csrf, "idempotencyKey": uuid.uuid4().hex, "entitlement": "no_ads", "duration": "P7D",
                 "reason": "a viewer trying"})
    assert "Not allowed" in browser.title and "support" in text(browser)


def test_sign_out_ends_the_session(browser, stack):
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    cookie = browser.get_cookie("storekeeper_console")
    assert cookie and cookie["httpOnly"] and cookie["sameSite"] == "Strict"
    browser.find_element(By.CSS_SELECTOR, "form[action='/console/sign-out'] button").click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "key")))
    assert browser.get_cookie("storekeeper_console") is None
    # The old session id, put back, opens nothing: the session ended on the server.
    browser.add_cookie({"name": "storekeeper_console", "value": cookie["value"], "path": "/console"})
    browser.get(f"{stack.console}/apps/{stack.app}/search")
    assert browser.current_url.endswith("/console/sign-in")


def test_overview_charts_and_refunds(browser, stack, screenshots):
    customer, requested, refunded = refund_story(stack)
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    browser.find_element(By.LINK_TEXT, "Overview").click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "overview-range")))
    # The demo's purchases are in Sandbox: choose it, and the 90-day range, with the form.
    Select(browser.find_element(By.ID, "environment")).select_by_value("Sandbox")
    Select(browser.find_element(By.ID, "days")).select_by_value("90")
    browser.find_element(By.CSS_SELECTOR, "form.filters button[type=submit]").click()
    WebDriverWait(browser, 15).until(EC.url_contains("days=90"))
    assert "Sandbox" in browser.find_element(By.ID, "overview-range").text
    charts = browser.find_elements(By.CSS_SELECTOR, "svg.chart")
    assert len(charts) == 5, "four subscription charts and the revenue of one currency"
    # The charted currency is a choice of the form, labelled like every field.
    currency = Select(browser.find_element(By.ID, "currency"))
    assert currency.first_selected_option.text in browser.find_element(By.ID, "chart-revenue").text
    for chart in charts:
        labelled = chart.get_attribute("aria-labelledby").split()
        assert len(labelled) == 2 and all(browser.find_element(By.ID, i).get_attribute("textContent") for i in labelled)
    legend = browser.find_element(By.CSS_SELECTOR, "#chart-active .legend").text
    assert "Standard" in legend and "Trial" in legend, legend
    new = browser.find_element(By.CSS_SELECTOR, "#totals").text
    assert "New subscriptions" in new
    # The numbers behind a chart, in a table one click away.
    details = browser.find_element(By.CSS_SELECTOR, "#chart-new-churned details")
    details.find_element(By.TAG_NAME, "summary").click()
    assert len(details.find_elements(By.CSS_SELECTOR, "tbody tr")) == 90
    assert "Notifications from Apple" in browser.find_element(By.ID, "ops-notifications-card").text
    shoot(browser, screenshots, "overview")
    shoot(browser, screenshots, "overview-charts", anchor="h-charts")
    shoot(browser, screenshots, "overview-operations", anchor="h-revenue")

    browser.find_element(By.LINK_TEXT, "Refunds").click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "h-consumption")))
    refunds = browser.find_element(By.ID, "refunds").text
    assert refunded in refunds and customer in refunds and "Refunded (app issue)" in refunds, refunds
    assert "gems: 100 refunded" in refunds, "what the refund clawed back"
    consumption = browser.find_element(By.ID, "consumption").text
    assert requested in consumption and "customer consented: yes" in consumption, consumption
    assert "left" in consumption or "in time" in consumption, "the time left, or the answer sent in time"
    shoot(browser, screenshots, "refunds")


def test_keyboard_reaches_the_content_and_every_field_is_labelled(browser, stack):
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    browser.get(f"{stack.console}/apps/{stack.app}/customers/alice")
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    skip = browser.switch_to.active_element
    assert skip.text == "Skip to content"
    skip.send_keys(Keys.ENTER)
    body.send_keys(Keys.TAB)
    assert browser.switch_to.active_element.tag_name != "body", "Tab moves into the page"
    for page in ("customers/alice", "notifications", "overview", "refunds"):
        browser.get(f"{stack.console}/apps/{stack.app}/{page}")
        for field in browser.find_elements(By.CSS_SELECTOR, "input:not([type=hidden]), select, textarea"):
            ident = field.get_attribute("id")
            assert ident and browser.find_elements(By.CSS_SELECTOR, f"label[for='{ident}']"), f"{page}: {ident} has a label"


def test_extend_and_resync_a_subscription_at_the_simulator(browser, stack, screenshots):
    customer, transaction_b = crossgrade_story(stack)
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    page = f"{stack.console}/apps/{stack.app}/customers/{customer}"
    browser.get(page)
    form = browser.find_element(By.ID, "extend-form")
    assert "at most twice" in form.text, "Apple's limits are on the form"
    Select(form.find_element(By.ID, "extend-subscription")).select_by_index(0)
    days = form.find_element(By.ID, "extend-days")
    days.clear()
    days.send_keys("7")
    Select(form.find_element(By.ID, "extend-code")).select_by_value("3")
    form.find_element(By.ID, "extend-reason").send_keys("outage compensation (browser test)")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 30).until(EC.presence_of_element_located((By.ID, "notice")))
    assert "Extended at Apple" in browser.find_element(By.ID, "notice").text, text(browser)
    result = browser.find_element(By.ID, "result").text
    assert "✓ extended" in result and "Days\n7" in result, result
    shoot(browser, screenshots, "extend-result", reload=False)

    browser.find_element(By.ID, "back").click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "resync-form")))
    assert "subscription.extended" in browser.find_element(By.ID, "timeline").text
    browser.find_element(By.ID, "resync-reason").send_keys("customer says access vanished")
    browser.find_element(By.CSS_SELECTOR, "#resync-form button[type=submit]").click()
    WebDriverWait(browser, 30).until(EC.presence_of_element_located((By.ID, "notice")))
    assert "Resynced from Apple" in browser.find_element(By.ID, "notice").text
    assert "Changed subscriptions" in text(browser)
    shoot(browser, screenshots, "resync-result", reload=False)

    # An Apple fact's signed data, decoded, from the timeline.
    browser.get(page + "?kind=transaction")
    browser.find_element(By.LINK_TEXT, "Signed data from Apple").click()
    WebDriverWait(browser, 30).until(EC.presence_of_element_located((By.ID, "raw")))
    assert '"transactionId"' in browser.find_element(By.ID, "payload").text
    shoot(browser, screenshots, "timeline-raw")


def test_request_the_test_notification_and_see_it_arrive(browser, stack, screenshots):
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    browser.get(f"{stack.console}/apps/{stack.app}/notifications")
    form = browser.find_element(By.ID, "test-form")
    Select(form.find_element(By.ID, "test-environment")).select_by_value("Sandbox")
    form.find_element(By.ID, "test-reason").send_keys("checking the notification URL")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    WebDriverWait(browser, 30).until(EC.presence_of_element_located((By.ID, "test-arrived")))
    for _ in range(20):
        if "It arrived" in browser.find_element(By.ID, "test-arrived").text:
            break
        browser.refresh()
    assert "It arrived" in browser.find_element(By.ID, "test-arrived").text
    shoot(browser, screenshots, "notification-test")


def test_stored_text_shows_visible_stand_ins_and_pages_log_no_error(browser, stack, screenshots):
    """A reason holding escape sequences and a bidirectional override is shown with visible
    stand-ins, not obeyed; and no page logs an error (a /favicon.ico 404 was logged on each)."""
    customer = "mallory-" + uuid.uuid4().hex[:6]
    status, body = stack.api("POST", "/orders", {"customerId": customer, "productId": GEMS})
    assert status in (200, 201), body
    reason = "\x1b[2J\x1b]0;pwned\x07refund \u202egnp.exe"
    status, body = stack.admin("POST", f"/apps/{stack.app}/customers/{customer}/grants", {
        "entitlement": "basic", "duration": "P1D", "reason": reason, "idempotencyKey": uuid.uuid4().hex})
    assert status == 200, body
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    browser.get(f"{stack.console}/apps/{stack.app}/customers/{customer}")
    grants = browser.find_element(By.ID, "operator-grants").text
    assert "␛[2J␛]0;pwned␇refund <U+202E>gnp.exe" in grants, grants
    assert "\u202e" not in browser.page_source and "\x1b" not in browser.page_source
    shoot(browser, screenshots, "stored-text", anchor="operator-grants")
    browser.get(f"{stack.console}/apps/{stack.app}/audit?kind=grant.created")
    assert "<U+202E>gnp.exe" in browser.find_element(By.ID, "audit-events").text
    errors = [entry for entry in browser.get_log("browser") if entry["level"] == "SEVERE"]
    assert not errors, errors


def group_story(stack):
    """A 3-seat group whose invitations the app hosts: the app seats two members through its API,
    then Apple unclaims one (UNCLAIM_SEATS). Answers (purchaser, group, kept member, unclaimed
    member) once Storekeeper has processed Apple's notification."""
    tag = uuid.uuid4().hex[:8]
    account, owner = f"browser-group-{tag}", f"gina-{tag}"
    status, _ = stack.control("PUT", "/accounts", {"id": account})
    assert status == 200
    status, bought = stack.control("POST", "/purchases", {"accountId": account, "bundleId": BUNDLE, "productId": MONTHLY,
                                                          "seats": 3, "invitationManagement": "DEVELOPER"})
    assert status == 200, bought
    status, answer = stack.api("POST", "/purchases", {"customerId": owner, "signedTransaction": bought["signedTransaction"]})
    assert status == 200, answer
    group = bought["transaction"]["originalTransactionId"]
    seats = {}
    for member in (f"mia-{tag}", f"noa-{tag}"):
        status, answer = stack.api("POST", f"/customers/{owner}/seats", {
            "originalTransactionId": group, "memberCustomerId": member, "requestIdentifier": str(uuid.uuid4()),
            "reason": "invited from the team screen"})
        assert status == 201, answer
        seats[member] = answer["claim"]["seatClaimId"]
    kept, gone = list(seats)
    status, answer = stack.control("POST", f"/subscriptions/{group}/unclaim-seats", {"seatClaimIds": [seats[gone]]})
    assert status == 200, answer
    for _ in range(60):
        status, record = stack.admin("GET", f"/apps/{stack.app}/groups/{group}")
        assert status == 200, record
        if any(claim.get("releasedBy") == "apple" for claim in record["claims"]):
            break
        time.sleep(0.5)
    else:
        raise AssertionError(f"Storekeeper did not process UNCLAIM_SEATS: {record}")
    return owner, group, kept, gone


def test_a_group_page_from_the_purchasers_record(browser, stack, screenshots):
    owner, group, kept, gone = group_story(stack)
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    browser.get(f"{stack.console}/apps/{stack.app}/customers/{owner}")
    groups = browser.find_element(By.ID, "groups")
    assert group in groups.text and "purchaser" in groups.text, groups.text
    shoot(browser, screenshots, "customer-groups", anchor="h-groups")
    browser.find_element(By.CSS_SELECTOR, "#groups tbody tr a").click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "claims")))
    facts = browser.find_element(By.ID, "group-facts").text
    assert owner in facts and "3 (1 free" in facts and "active" in facts, facts
    members = browser.find_element(By.ID, "members").text
    assert kept in members and gone not in members, members
    claims = browser.find_element(By.ID, "claims").text
    assert f"{kept}\nclaimed" in claims or f"{kept} claimed" in claims, claims
    assert "unclaimed by Apple" in claims and "invited from the team screen" in claims, claims
    shoot(browser, screenshots, "group")
    browser.find_element(By.LINK_TEXT, kept).click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "customer-id")))
    assert "member" in browser.find_element(By.ID, "groups").text
    assert "premium" in browser.find_element(By.ID, "entitlements").text, "the seated member has the group's access"


def test_a_cancelled_commitment_shows_its_billing_period_and_end(browser, stack, screenshots):
    """The yearly plan billed monthly under a 12-month commitment, cancelled by the customer: the
    record says billing goes on monthly until the commitment ends, not "ends at expiry"."""
    tag = uuid.uuid4().hex[:8]
    account, customer = f"browser-commit-{tag}", f"cora-{tag}"
    status, _ = stack.control("PUT", "/accounts", {"id": account})
    assert status == 200
    status, bought = stack.control("POST", "/purchases", {"accountId": account, "bundleId": BUNDLE, "productId": YEARLY,
                                                          "billingPlanType": "MONTHLY"})
    assert status == 200, bought
    assert bought["transaction"]["billingPlanType"] == "MONTHLY", bought
    status, answer = stack.api("POST", "/purchases", {"customerId": customer, "signedTransaction": bought["signedTransaction"]})
    assert status == 200, answer
    original = bought["transaction"]["originalTransactionId"]
    # Apple's renewal info of one instant would tie with the purchase's: two seconds later.
    status, answer = stack.control("POST", "/clock/advance", {"seconds": 2})
    assert status == 200, answer
    status, answer = stack.control("POST", f"/subscriptions/{original}/auto-renew", {"enabled": False})
    assert status == 200, answer
    for _ in range(60):
        status, record = stack.admin("GET", f"/apps/{stack.app}/customers/{customer}")
        assert status == 200, record
        if (record["subscriptions"][0].get("commitment") or {}).get("autoRenewStatus") == 0:
            break
        time.sleep(0.5)
    else:
        raise AssertionError(f"Storekeeper did not see the cancellation: {record}")
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    browser.get(f"{stack.console}/apps/{stack.app}/customers/{customer}")
    table = browser.find_element(By.ID, "subscriptions").text
    assert "12-month commitment, billing 1 of 12; cancelled: billed monthly until it ends" in table, table
    shoot(browser, screenshots, "customer-commitment", anchor="h-subscriptions")


def test_retention_messages_review_states_rules_and_figures(browser, stack, screenshots):
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    browser.find_element(By.LINK_TEXT, "Retention").click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "retention-totals")))
    browser.get(f"{stack.console}/apps/{stack.app}/retention?environment=Sandbox")
    # Apple's review is manual here, so the upload stays pending until the simulator approves it.
    status, answer = stack.control("PUT", f"/retention/{BUNDLE}/Sandbox", {"review": "manual"})
    assert status == 200, answer
    Select(browser.find_element(By.ID, "message-environment")).select_by_value("Sandbox")
    browser.find_element(By.ID, "message-header").send_keys("Before you go")
    browser.find_element(By.ID, "message-body").send_keys("Three months at half price, then your usual plan.")
    browser.find_element(By.ID, "message-reason").send_keys("spring retention")
    browser.find_element(By.CSS_SELECTOR, "#retention-message-form button[type=submit]").click()
    WebDriverWait(browser, 15).until(EC.title_contains("Upload a message"))
    identifier = browser.find_element(By.XPATH, "//dl[@id='result']/dt[.='Identifier']/following-sibling::dd[1]").text
    browser.get(f"{stack.console}/apps/{stack.app}/retention?environment=Sandbox")
    content = browser.find_element(By.ID, "retention-content").text
    assert "Before you go" in content and "PENDING" in content, content
    shoot(browser, screenshots, "retention-pending", anchor="h-content")
    status, answer = stack.control("POST", f"/retention/{BUNDLE}/Sandbox/review", {"identifier": identifier, "state": "APPROVED"})
    assert status == 204, answer
    browser.get(f"{stack.console}/apps/{stack.app}/retention?environment=Sandbox")
    assert "APPROVED" in browser.find_element(By.ID, "retention-content").text
    assert "answers: none" in browser.find_element(By.ID, "retention-totals").text
    shoot(browser, screenshots, "retention")
    browser.find_element(By.LINK_TEXT, "Overview").click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "overview-retention")))
    assert "Real-time requests answered" in browser.find_element(By.ID, "overview-retention").text
    shoot(browser, screenshots, "overview-retention", anchor="h-retention")


def test_retention_images_bullet_points_and_the_performance_test(browser, stack, screenshots):
    """Upload images through the file input (a banner, deleted again, and a bullet icon), a
    message with bullet points, and Apple's performance test of the sandbox URL, all from the
    Retention page."""
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    page = f"{stack.console}/apps/{stack.app}/retention?environment=Sandbox"
    status, answer = stack.control("PUT", f"/retention/{BUNDLE}/Sandbox", {"review": "manual"})
    assert status == 200, answer

    def upload(path, size, reason):
        browser.get(page)
        Select(browser.find_element(By.ID, "image-environment")).select_by_value("Sandbox")
        Select(browser.find_element(By.ID, "image-size")).select_by_value(size)
        browser.find_element(By.ID, "image-file").send_keys(path)
        browser.find_element(By.ID, "image-reason").send_keys(reason)
        browser.find_element(By.CSS_SELECTOR, "#retention-image-form button[type=submit]").click()
        WebDriverWait(browser, 15).until(EC.title_contains("Upload an image"))
        return result_fact(browser, "Identifier")

    browser.get(page)
    shoot(browser, screenshots, "retention-forms", anchor="h-retention-tools")
    # A banner: 3840 wide, as Apple requires of a full-size image; listed pending, then deleted.
    banner = upload(png_file(3840, 160, lambda x, y: (20, 90 + y // 2, 160 + x % 80)), "FULL_SIZE", "spring banner")
    assert result_fact(browser, "Apple's review") == "PENDING"
    shoot(browser, screenshots, "retention-image-uploaded", reload=False)
    browser.get(page)
    content = browser.find_element(By.ID, "retention-content").text
    assert banner in content and "image" in content and "PENDING" in content, content
    Select(browser.find_element(By.ID, "delete-identifier")).select_by_value(banner)
    browser.find_element(By.ID, "delete-reason").send_keys("wrong season")
    browser.find_element(By.CSS_SELECTOR, "#retention-delete-form button[type=submit]").click()
    WebDriverWait(browser, 15).until(EC.title_contains("Delete an upload"))
    browser.get(page)
    assert banner not in browser.find_element(By.TAG_NAME, "main").text

    # A bullet icon, approved by the simulated review, then a message with two bullet points.
    icon = upload(png_file(1024, 1024, lambda x, y: (250, 180, 40) if (x - 512) ** 2 + (y - 512) ** 2 < 300 ** 2 else (255, 255, 255)),
                  "BULLET_POINT", "bullet icon")
    status, answer = stack.control("POST", f"/retention/{BUNDLE}/Sandbox/review", {"identifier": icon, "state": "APPROVED"})
    assert status == 204, answer
    browser.get(page)
    listed = browser.find_element(By.ID, "retention-content").text
    assert icon in listed and "APPROVED" in listed, listed
    shoot(browser, screenshots, "retention-images", anchor="h-content")
    Select(browser.find_element(By.ID, "message-environment")).select_by_value("Sandbox")
    browser.find_element(By.ID, "message-header").send_keys("Before you go")
    browser.find_element(By.ID, "message-body").send_keys("Premium includes:")
    for row, text in ((1, "Offline downloads"), (2, "Family Sharing")):
        browser.find_element(By.ID, f"bullet-text-{row}").send_keys(text)
        browser.find_element(By.ID, f"bullet-image-{row}").send_keys(icon)
    browser.find_element(By.ID, "message-reason").send_keys("bullets")
    browser.find_element(By.CSS_SELECTOR, "#retention-message-form button[type=submit]").click()
    WebDriverWait(browser, 15).until(EC.title_contains("Upload a message"))
    assert result_fact(browser, "Bullet point 1") == "Offline downloads"
    assert result_fact(browser, "Bullet point 2") == "Family Sharing"
    shoot(browser, screenshots, "retention-bullet-points", reload=False)

    # Apple's performance test of the sandbox URL (this server), about a sandbox subscription.
    tag = uuid.uuid4().hex[:8]
    status, _ = stack.control("PUT", "/accounts", {"id": f"browser-retention-{tag}"})
    assert status == 200
    status, bought = stack.control("POST", "/purchases",
                                   {"accountId": f"browser-retention-{tag}", "bundleId": BUNDLE, "productId": MONTHLY})
    assert status == 200, bought
    browser.get(page)
    Select(browser.find_element(By.ID, "url-environment")).select_by_value("Sandbox")
    browser.find_element(By.ID, "url-value").send_keys(f"{stack.storekeeper}/v1/apps/{stack.app}/retention")
    browser.find_element(By.ID, "url-reason").send_keys("sandbox test")
    browser.find_element(By.CSS_SELECTOR, "#retention-url-form button[type=submit]").click()
    WebDriverWait(browser, 15).until(EC.title_contains("Real-time URL"))
    browser.get(page)
    browser.find_element(By.ID, "test-transaction").send_keys(bought["transaction"]["originalTransactionId"])
    browser.find_element(By.ID, "test-reason").send_keys("before production")
    browser.find_element(By.CSS_SELECTOR, "#retention-test-form button[type=submit]").click()
    WebDriverWait(browser, 60).until(EC.title_contains("Performance test"))
    assert result_fact(browser, "Result") == "PASS", text(browser)
    assert result_fact(browser, "Answered in time").endswith("%")
    assert result_fact(browser, "p99").endswith("ms")
    shoot(browser, screenshots, "retention-performance-test", reload=False)
