"""The console's Analytics page in a real browser (see test_console.py for the stack): charts by
month, the months' table, the cohort table, the filters and the CSV downloads."""

import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from test_console import BUNDLE, MONTHLY, YEARLY, shoot, sign_in


def subscribe(stack, storefront, product, offer=None):
    """A subscription bought at the simulator and submitted through the app's API."""
    tag = uuid.uuid4().hex[:8]
    account, customer = f"analytics-{storefront.lower()}-{tag}", f"ana-{tag}"
    status, _ = stack.control("PUT", "/accounts", {"id": account, "storefront": storefront})
    assert status == 200
    request = {"accountId": account, "bundleId": BUNDLE, "productId": product}
    if offer:
        request["offer"] = {"kind": offer}
    status, result = stack.control("POST", "/purchases", request)
    assert status == 200, result
    status, answer = stack.api("POST", "/purchases", {"customerId": customer, "signedTransaction": result["signedTransaction"]})
    assert status == 200, answer
    return customer


def test_analytics_charts_tables_filters_and_csv(browser, stack, screenshots):
    subscribe(stack, "GBR", MONTHLY)
    subscribe(stack, "USA", YEARLY)
    subscribe(stack, "USA", MONTHLY)
    sign_in(browser, stack, stack.operator_name, stack.operator_key)
    browser.find_element(By.LINK_TEXT, "Analytics").click()
    WebDriverWait(browser, 15).until(EC.presence_of_element_located((By.ID, "analytics-range")))
    # The demo's purchases are in Sandbox: choose it with the form.
    Select(browser.find_element(By.ID, "environment")).select_by_value("Sandbox")
    browser.find_element(By.CSS_SELECTOR, "form.filters button[type=submit]").click()
    WebDriverWait(browser, 15).until(EC.url_contains("environment=Sandbox"))
    assert "Sandbox" in browser.find_element(By.ID, "analytics-range").text
    charts = browser.find_elements(By.CSS_SELECTOR, "svg.chart")
    assert len(charts) == 3, "MRR and revenue, subscribers and trials, new against churned"
    for chart in charts:
        labelled = chart.get_attribute("aria-labelledby").split()
        assert len(labelled) == 2 and all(browser.find_element(By.ID, i).get_attribute("textContent") for i in labelled)
    currency = Select(browser.find_element(By.ID, "currency")).first_selected_option.text
    assert currency in browser.find_element(By.ID, "chart-mrr").text
    totals = browser.find_element(By.ID, "analytics-totals").text
    # The demo's sandbox periods last minutes, so nobody is active at the end of today: the
    # levels are zero, the flows and revenue are not.
    assert f"Revenue {currency}" in totals and "Active subscribers" in totals and "Trial conversion" in totals, totals
    months = browser.find_elements(By.CSS_SELECTOR, "#analytics-months tbody tr")
    assert len(months) == 12, "the last twelve months by default"
    cohorts = browser.find_elements(By.CSS_SELECTOR, "#analytics-cohorts tbody tr")
    assert cohorts, "this month's cohort at least"
    latest = cohorts[-1].find_elements(By.CSS_SELECTOR, "td")
    assert int(latest[0].text) >= 3 and latest[1].text.startswith("100.0 %"), "everyone is active in their first month"
    details = browser.find_element(By.CSS_SELECTOR, "#chart-movement details")
    details.find_element(By.TAG_NAME, "summary").click()
    assert len(details.find_elements(By.CSS_SELECTOR, "tbody tr")) == 12
    assert "Month (UTC)" in details.text
    for field in browser.find_elements(By.CSS_SELECTOR, "form.filters input, form.filters select"):
        ident = field.get_attribute("id")
        assert ident and browser.find_elements(By.CSS_SELECTOR, f"label[for='{ident}']"), f"{ident} has a label"
    shoot(browser, screenshots, "analytics")
    shoot(browser, screenshots, "analytics-charts", anchor="h-analytics-charts")
    shoot(browser, screenshots, "analytics-cohorts", anchor="h-cohorts")

    # The CSV downloads carry the page's filters and answer with the admin API's CSV.
    link = browser.find_element(By.CSS_SELECTOR, "#analytics-downloads a")
    assert "environment=Sandbox" in link.get_attribute("href")
    csv = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.text()).then(done);",
        link.get_attribute("href"))
    lines = csv.strip().splitlines()
    assert lines[0].startswith("month,activeSubscribers,activeTrials,") and len(lines) == 13, lines[:2]

    # One storefront: only the British subscription.
    browser.find_element(By.ID, "storefront").clear()
    browser.find_element(By.ID, "storefront").send_keys("GBR")
    browser.find_element(By.CSS_SELECTOR, "form.filters button[type=submit]").click()
    WebDriverWait(browser, 15).until(EC.url_contains("storefront=GBR"))
    cohorts = browser.find_elements(By.CSS_SELECTOR, "#analytics-cohorts tbody tr")
    assert int(cohorts[-1].find_elements(By.CSS_SELECTOR, "td")[0].text) >= 1
    shoot(browser, screenshots, "analytics-storefront")
