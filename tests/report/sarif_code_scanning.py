"""Reads an `snc report --sarif` log as a code-scanning service (GitHub's) reads it.

usage: sarif_code_scanning.py LOG.sarif CHECKOUT

CHECKOUT is the repository's top folder, where the service resolves artifact URIs. Every
result must have a ruleId of the driver's rules, a message, a physicalLocation whose URI is
relative (uriBaseId SRCROOT, which originalUriBaseIds resolves to CHECKOUT) and names a file
that exists there, a region with 1 <= startLine <= the file's lines and, when it has
columns, columns that select a whole identifier on that line (UTF-16 code units), and
partialFingerprints. Links in a message ([text](N)) must name a relatedLocation; code flows
must number their steps 1..N across their thread flows, in order within each thread flow;
every location in them resolves as the result's does. Each rule's helpUri must be a
file:// URI of a Markdown page with a heading whose GitHub anchor is the URI's fragment.

Prints what a reviewer would see, for the test to check: one line per result
("result RULE URI:LINE:COLUMN | SUBJECT"), one per related location ("related URI:LINE
MESSAGE") and, for each code flow, its message, one line per thread flow ("thread ID |
MESSAGE") and one line per step in execution order ("step ORDER thread-T URI:LINE KINDS |
MESSAGE"). Exits 1 with the first violation."""
import json
import os
import re
import sys
import urllib.parse


def fail(why):
    print("violation: " + why)
    sys.exit(1)


def github_anchor(heading):
    """The anchor GitHub gives a Markdown heading: lower case, punctuation but '-' and '_'
    dropped, spaces to '-'."""
    text = re.sub(r"[`*]", "", heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def utf16_slice(line, start, end):
    """The characters of line between 1-based UTF-16 columns start and end (exclusive)."""
    units = line.encode("utf-16-le")
    return units[2 * (start - 1):2 * (end - 1)].decode("utf-16-le")


def main():
    log_path, checkout = sys.argv[1], os.path.realpath(sys.argv[2])
    log = json.load(open(log_path))
    if log.get("version") != "2.1.0":
        fail("not SARIF 2.1.0")
    run = log["runs"][0]
    bases = run.get("originalUriBaseIds", {})
    root_uri = bases.get("SRCROOT", {}).get("uri", "")
    if urllib.parse.unquote(urllib.parse.urlparse(root_uri).path) != checkout + "/":
        fail("originalUriBaseIds.SRCROOT is %r, not the checkout %s/" % (root_uri, checkout))
    if run.get("columnKind") != "utf16CodeUnits":
        fail("columnKind")
    rules = run["tool"]["driver"]["rules"]
    rule_ids = [r["id"] for r in rules]

    for rule in rules:
        uri = rule.get("helpUri")
        if not uri:
            fail("rule %s has no helpUri" % rule["id"])
        parts = urllib.parse.urlparse(uri)
        page = urllib.parse.unquote(parts.path)
        if parts.scheme != "file" or not os.path.isfile(page):
            fail("helpUri %s is not a page that exists" % uri)
        anchors = {github_anchor(m.group(1)) for m in
                   re.finditer(r"^#+\s+(.*)$", open(page).read(), re.M)}
        if parts.fragment not in anchors:
            fail("helpUri %s: no heading with anchor %r in %s" % (uri, parts.fragment, page))

    def resolve(loc, what):
        phys = loc["physicalLocation"]
        art = phys["artifactLocation"]
        uri = art["uri"]
        if urllib.parse.urlparse(uri).scheme or uri.startswith("/"):
            fail("%s: URI %s is not relative to the repository" % (what, uri))
        if art.get("uriBaseId") != "SRCROOT":
            fail("%s: URI %s has no uriBaseId SRCROOT" % (what, uri))
        path = os.path.join(checkout, urllib.parse.unquote(uri))
        if not os.path.isfile(path):
            fail("%s: %s does not exist under the checkout" % (what, uri))
        lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
        region = phys.get("region")
        if not region or not 1 <= region["startLine"] <= len(lines):
            fail("%s: %s has no line in the file: %r" % (what, uri, region))
        where = "%s:%d" % (uri, region["startLine"])
        if "startColumn" in region:
            start, end = region["startColumn"], region["endColumn"]
            line = lines[region["startLine"] - 1]
            word = utf16_slice(line, start, end)
            around = utf16_slice(line, start - 1, start) if start > 1 else ""
            around += utf16_slice(line, end, end + 1)
            if not 1 <= start < end or not re.fullmatch(r"[A-Za-z_]\w*", word) or \
                    re.search(r"\w", around):
                fail("%s: columns %d-%d select %r, not a whole word" % (where, start, end, word))
            where += ":%d" % start
        return where

    for res in run["results"]:
        rule = res.get("ruleId")
        if rule not in rule_ids or rule_ids[res["ruleIndex"]] != rule:
            fail("result with ruleId %r" % rule)
        text = res["message"]["text"]
        if not text:
            fail("result without a message")
        if not any(res.get("partialFingerprints", {}).values()):
            fail("result without partialFingerprints")
        if not res.get("locations"):
            fail("%s: a result without a location" % rule)
        where = resolve(res["locations"][0], rule)
        print("result %s %s | %s" % (rule, where, res["properties"]["subject"]))
        related = {}
        for loc in res.get("relatedLocations", []):
            related[loc["id"]] = loc
            print("related %s %s" % (resolve(loc, rule + " related"), loc["message"]["text"]))
        for link in re.findall(r"(?<!\\)\[(?:[^\]\\]|\\.)*\]\((\d+)\)", text):
            if int(link) not in related:
                fail("%s: the message links to location %s, which is not related" % (rule, link))
        for flow in res.get("codeFlows", []):
            steps = []
            for tf in flow["threadFlows"]:
                orders = [s["executionOrder"] for s in tf["locations"]]
                if orders != sorted(orders) or len(set(orders)) != len(orders):
                    fail("%s: thread flow %s out of order: %s" % (rule, tf["id"], orders))
                steps += [(s["executionOrder"], tf["id"], s) for s in tf["locations"]]
            steps.sort(key=lambda s: s[0])
            if [s[0] for s in steps] != list(range(1, len(steps) + 1)):
                fail("%s: execution orders are not 1..%d" % (rule, len(steps)))
            print("flow %s | %s" % (rule, flow["message"]["text"]))
            for tf in flow["threadFlows"]:
                print("thread %s | %s" % (tf["id"], tf["message"]["text"]))
            for order, thread, s in steps:
                print("step %d %s %s %s | %s" % (order, thread,
                                                 resolve(s["location"], rule + " step"),
                                                 ",".join(s.get("kinds", [])) or "-",
                                                 s["location"]["message"]["text"]))


main()
