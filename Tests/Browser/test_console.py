"""The web console in a real browser (Debian's Chromium through chromedriver), against a running
`storekeeper demo --keep-running` stack with the App Store simulator. Started by
scripts/console-browser-tests.sh, which sets the environment conftest.py reads.

Each test signs in as a person would (typing into the labelled fields), and writes screenshots
of the pages it visits at desktop and phone widths."""

import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import DESKTOP, PHONE

MONTHLY = "com.example.storekeeper.premium.monthly"
MONTHLY_B = "com.example.storekeeper.premium.monthly.b"
BUNDLE = "com.example.storekeeper"


# MARK: Helpers

def sign_in(driver, stack, name, key):
    driver.get(stack.console + "/sign-in")
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "key").send_keys(key)
    driver.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    WebDriverWait(driver, 15).until(EC.presence_of_element_located((By.ID, "who")))


def shoot(driver, screenshots, name):
    """The current page at desktop and phone widths (the phone as a mobile viewport), then the
    desktop viewport again."""
    for label, (width, height), mobile in (("desktop", DESKTOP, False), ("phone", PHONE, True)):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        driver.refresh()
        driver.save_screenshot(str(screenshots / f"{name}-{label}.png"))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": DESKTOP[0], "height": DESKTOP[1], "deviceScaleFactor": 1, "mobile": False})
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
    # The story of seeds/003, newest first: Apple's crossgrade notification moved the
    # subscription from A to B, removed A's entitlement and granted B's; replaying A's signed
    # transaction afterwards added nothing (one grant of B, no second period).
    assert f"from={MONTHLY}, kind=nextPeriod, to={MONTHLY_B}" in timeline, timeline
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
