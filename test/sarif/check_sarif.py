#!/usr/bin/env python3
"""Checks what the schema cannot say about mlir-memlint's SARIF logs:

* every result's primaryLocationLineHash equals the one GitHub's upload
  action computes for the file (github_line_hash.py);
* ruleIndex points at the rule named by ruleId, and every rule has the
  metadata DESIGN §5 lists;
* artifact URIs are relative to %SRCROOT% and exist under SRCROOT;
* columns are UTF-16 code units (checked against the line's text);
* each result's semantic fingerprint is unique in the log.

usage: check_sarif.py SRCROOT SARIF...
"""
import json
import os
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from github_line_hash import line_hashes  # noqa: E402

FINGERPRINT = "memlintSemanticHash/v1"


def main():
    root = sys.argv[1]
    failures = []
    results_seen = 0
    for path in sys.argv[2:]:
        log = json.load(open(path))
        assert log["version"] == "2.1.0", path
        for run in log["runs"]:
            rules = run["tool"]["driver"]["rules"]
            for rule in rules:
                for key in ("id", "name", "shortDescription", "fullDescription",
                            "help", "helpUri", "defaultConfiguration", "properties"):
                    if key not in rule:
                        failures.append(f"{path}: rule {rule.get('id')} has no {key}")
                if "markdown" not in rule.get("help", {}):
                    failures.append(f"{path}: rule {rule['id']} has no help.markdown")
                props = rule.get("properties", {})
                if not props.get("tags") or "precision" not in props:
                    failures.append(f"{path}: rule {rule['id']} lacks tags or precision")
            if run.get("columnKind") != "utf16CodeUnits":
                failures.append(f"{path}: columnKind is {run.get('columnKind')}")
            artifacts = run.get("artifacts", [])
            texts = {}
            for artifact in artifacts:
                loc = artifact["location"]
                if loc.get("uriBaseId") != "%SRCROOT%" or loc["uri"].startswith("/") \
                        or "://" in loc["uri"]:
                    failures.append(f"{path}: artifact not relative: {loc}")
                file = os.path.join(root, urllib.parse.unquote(loc["uri"]))
                if os.path.isfile(file):
                    texts[loc["uri"]] = open(file, "rb").read()
            prints = set()
            for result in run["results"]:
                results_seen += 1
                rule_index = result.get("ruleIndex")
                if rule_index is None or rules[rule_index]["id"] != result["ruleId"]:
                    failures.append(f"{path}: bad ruleIndex for {result['ruleId']}")
                phys = result["locations"][0]["physicalLocation"]
                uri = phys["artifactLocation"]["uri"]
                region = phys["region"]
                fp = result["partialFingerprints"]
                if uri not in texts:
                    failures.append(f"{path}: no file for {uri}")
                    continue
                data = texts[uri]
                want = line_hashes(data).get(region["startLine"])
                if fp.get("primaryLocationLineHash") != want:
                    failures.append(f"{path}: {uri}:{region['startLine']}: line hash "
                                    f"{fp.get('primaryLocationLineHash')} != {want}")
                key = (uri, fp.get(FINGERPRINT))
                if not fp.get(FINGERPRINT) or key in prints:
                    failures.append(f"{path}: missing or repeated fingerprint {key}")
                prints.add(key)
                # The region starts inside its line, in UTF-16 units.
                line = data.split(b"\n")[region["startLine"] - 1]
                units = len(line.decode("utf-8", "replace").encode("utf-16-le")) // 2
                if not 1 <= region["startColumn"] <= units + 1:
                    failures.append(f"{path}: {uri}:{region['startLine']}: column "
                                    f"{region['startColumn']} outside the line")
    for failure in failures[:50]:
        print(failure)
    print(f"checked {len(sys.argv) - 2} logs, {results_seen} results, "
          f"{len(failures)} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
