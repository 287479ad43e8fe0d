"""Fixtures of the console's browser tests: the running stack (from the environment that
scripts/console-browser-tests.sh sets), a headless Chromium driven by chromedriver, and the
screenshots the tests write."""

import json
import os
import pathlib
import urllib.error
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

DESKTOP = (1280, 800)
PHONE = (390, 844)


class Stack:
    """The running demo stack: Storekeeper, its console, the App Store simulator, and the
    credentials the demo printed."""

    def __init__(self):
        env = os.environ
        self.storekeeper = env["STOREKEEPER_URL"].rstrip("/")
        self.simulator = env["SIMULATOR_URL"].rstrip("/")
        self.app = env["STOREKEEPER_APP"]
        self.api_key = env["STOREKEEPER_API_KEY"]
        self.operator_name = env["CONSOLE_OPERATOR"]
        self.operator_key = env["CONSOLE_OPERATOR_KEY"]
        self.console = self.storekeeper + "/console"

    def call(self, method, url, body=None, key=None):
        """A JSON call; answers (status, decoded body)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if key:
            request.add_header("Authorization", "Bearer " + key)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                text = response.read().decode()
                return response.status, (json.loads(text) if text else None)
        except urllib.error.HTTPError as error:
            text = error.read().decode()
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, text

    def api(self, method, path, body=None):
        """Storekeeper's app API with the server key."""
        return self.call(method, f"{self.storekeeper}/v1/apps/{self.app}{path}", body, self.api_key)

    def admin(self, method, path, body=None):
        """The admin API as the demo's admin operator."""
        return self.call(method, f"{self.storekeeper}/v1/admin{path}", body, self.operator_key)

    def control(self, method, path, body=None):
        """The simulator's control API."""
        return self.call(method, f"{self.simulator}/control{path}", body)


@pytest.fixture(scope="session")
def stack():
    return Stack()


@pytest.fixture(scope="session")
def screenshots():
    directory = pathlib.Path(os.environ.get("CONSOLE_SCREENSHOTS", ".build/console-screenshots"))
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def new_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BINARY", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--disable-extensions", "--no-first-run", "--hide-scrollbars",
                     f"--window-size={DESKTOP[0]},{DESKTOP[1]}"):
        options.add_argument(argument)
    # The page's console messages, so a test can check that no page logs an error.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    return driver


@pytest.fixture
def browser():
    driver = new_driver()
    yield driver
    driver.quit()
