#!/usr/bin/env python3
"""browse.py CHROMIUM PAGE...: several pages opened by one headless Chromium (one launch
instead of one per page: a launch costs seconds of CPU), each in a tab of its own.

A PAGE is `dom:NAME:URL`: once the page has loaded (its load event, so its scripts have
run), the DOM it built goes to NAME.dom, as `chromium --dump-dom` prints it, and what the
page said or failed to load to NAME.log, one line each, in the words of Chromium's own
log: `CONSOLE(level) "text", source: URL (line)` for a console message, `Uncaught ...`
for an exception no script caught, `net::ERR_...` for a load that failed. Or
`png:FILE:WIDTHxHEIGHT:URL`: a screenshot of the page in a window of that size, to FILE.

Chromium runs with a fresh profile in a temporary folder and no network, and is driven
through the DevTools protocol on a pipe (--remote-debugging-pipe: JSON messages ended by
a NUL byte, commands on its fd 3, answers on its fd 4). Exit 0 when every page loaded and
was written, 1 otherwise (the reason on stderr)."""
import base64
import json
import os
import select
import subprocess
import sys
import tempfile
import time

DEADLINE = 60.0   # seconds for one page to load, or for one answer


class Browser:
    def __init__(self, chromium, profile):
        to_chromium, self.commands = os.pipe()
        self.answers, from_chromium = os.pipe()

        # Chromium and what it leaves running (its crash handler) inherit no descriptor
        # but 0-2 and the two pipes: not the test runner's output pipe, which it waits on.
        for fd in os.listdir("/proc/self/fd"):
            if int(fd) > 2:
                try:
                    os.set_inheritable(int(fd), False)
                except OSError:
                    pass

        def pipe_fds():   # in the child: its fds 3 and 4, kept across exec
            read_end, write_end = os.dup(to_chromium), os.dup(from_chromium)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--remote-debugging-pipe", f"--user-data-dir={profile}",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=pipe_fds)
        os.close(to_chromium)
        os.close(from_chromium)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def read(self, deadline):
        """The next message from Chromium, or None when the deadline passed."""
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.answers], [], [], left)[0]:
                return None
            chunk = os.read(self.answers, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, session=None, **params):
        """Sends a command, returns its result; the events that come first are kept."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + DEADLINE
        while True:
            answer = self.read(deadline)
            if answer is None:
                raise RuntimeError(f"{method}: no answer in {DEADLINE:.0f} s")
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error'].get('message')}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_event(self, method, session):
        deadline = time.monotonic() + DEADLINE
        while True:
            for e in self.events:
                if e.get("method") == method and e.get("sessionId") == session:
                    return
            e = self.read(deadline)
            if e is None:
                raise RuntimeError(f"no {method} in {DEADLINE:.0f} s")
            self.events.append(e)

    def close(self):
        try:
            self.call("Browser.close")
        except RuntimeError:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def complaint(e):
    """A line for what the page said or failed to load, else None."""
    method, p = e.get("method"), e.get("params", {})
    if method == "Runtime.consoleAPICalled":
        text = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
        frame = (p.get("stackTrace", {}).get("callFrames") or [{}])[0]
        return (f'CONSOLE({p.get("type")}) "{text}", source: {frame.get("url", "")}'
                f' ({frame.get("lineNumber", 0) + 1})')
    if method == "Runtime.exceptionThrown":
        d = p.get("exceptionDetails", {})
        what = d.get("exception", {}).get("description") or d.get("text", "")
        what = what if what.startswith("Uncaught") else "Uncaught " + what
        return f'{what}, source: {d.get("url", "")} ({d.get("lineNumber", 0) + 1})'
    if method == "Log.entryAdded":
        entry = p.get("entry", {})
        return f'CONSOLE({entry.get("level")}) "{entry.get("text")}", source: {entry.get("url", "")}'
    if method == "Network.loadingFailed":
        return f'{p.get("errorText")} {p.get("type", "")} {p.get("requestId", "")}'
    return None


def open_page(browser, url, size=None):
    """A new tab on URL, loaded; returns its session."""
    target = browser.call("Target.createTarget", url="about:blank")["targetId"]
    session = browser.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    for domain in ("Page", "Runtime", "Log", "Network"):
        browser.call(f"{domain}.enable", session)
    if size:
        width, height = size
        browser.call("Emulation.setDeviceMetricsOverride", session, width=width, height=height,
                     deviceScaleFactor=1, mobile=False)
    browser.call("Page.navigate", session, url=url)
    browser.wait_event("Page.loadEventFired", session)
    return target, session


def main(argv):
    if len(argv) < 3:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    pages = []
    for spec in argv[2:]:
        kind, _, rest = spec.partition(":")
        if kind == "dom" and ":" in rest:
            pages.append(("dom",) + tuple(rest.split(":", 1)))
        elif kind == "png" and rest.count(":") >= 2:
            path, size, url = rest.split(":", 2)
            width, _, height = size.partition("x")
            pages.append(("png", path, url, (int(width), int(height))))
        else:
            print(f"browse.py: bad page '{spec}' (dom:NAME:URL or png:FILE:WxH:URL)", file=sys.stderr)
            return 2
    with tempfile.TemporaryDirectory(prefix="snc-browse-") as profile:
        browser = Browser(argv[1], profile)
        try:
            for page in pages:
                target, session = open_page(browser, page[2], page[3] if page[0] == "png" else None)
                if page[0] == "dom":
                    dom = browser.call("Runtime.evaluate", session, returnByValue=True,
                                       expression="(document.doctype ? new XMLSerializer()"
                                       ".serializeToString(document.doctype) + '\\n' : '')"
                                       " + document.documentElement.outerHTML")
                    with open(page[1] + ".dom", "w") as f:
                        f.write(dom["result"]["value"] + "\n")
                    lines = [complaint(e) for e in browser.events if e.get("sessionId") == session]
                    with open(page[1] + ".log", "w") as f:
                        f.writelines(line + "\n" for line in lines if line)
                else:
                    shot = browser.call("Page.captureScreenshot", session, format="png")
                    with open(page[1], "wb") as f:
                        f.write(base64.b64decode(shot["data"]))
                browser.events = [e for e in browser.events if e.get("sessionId") != session]
                browser.call("Target.closeTarget", targetId=target)
        except (RuntimeError, OSError, KeyError, ValueError) as e:
            print(f"browse.py: {e}", file=sys.stderr)
            return 1
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
