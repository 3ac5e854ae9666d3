#!/usr/bin/env python3
"""Ranks test suites by the CPU time their tests spent on Swift's concurrency pool (issue 44).

Reads `perf record -g` data of a test run (scripts/pool-hogs.sh). A sample counts when it was taken
on a thread of the test process named like the pool's ("...default-qos"; the suite's own lanes
name theirs "cpu-bound-N" and "own-thread-0") and is attributed to the outermost test function
on its stack. Usage: pool-hogs.py PERF_DATA SAMPLES_PER_SECOND
"""
import collections
import re
import subprocess
import sys

TEST_SYMBOL = re.compile(r"\d\d[A-Za-z]+Tests")

data, rate = sys.argv[1], float(sys.argv[2])
script = subprocess.run(["perf", "script", "-i", data, "-F", "comm,pid,sym"],
                        capture_output=True, text=True, errors="replace").stdout
samples = [block.strip().split("\n") for block in script.split("\n\n") if block.strip()]


def symbols(sample):
    return [line.split(None, 1)[-1] for line in sample[1:]]


test_process = {s[0].rsplit(None, 1)[-1] for s in samples if any(TEST_SYMBOL.search(x) for x in symbols(s))}
per_function = collections.Counter()
for sample in samples:
    thread, pid = sample[0].rsplit(None, 1)
    if pid not in test_process or "default-qos" not in thread:
        continue
    tests = [x for x in symbols(sample) if TEST_SYMBOL.search(x)]
    per_function[tests[-1] if tests else "-"] += 1

names = list(per_function)
readable = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names),
                          capture_output=True, text=True).stdout.split("\n")
per_suite = collections.Counter()
for (name, count), text in zip(per_function.items(), readable):
    match = re.search(r"([A-Z][A-Za-z0-9]*Tests)\.", text)
    per_suite[match.group(1) if match else "(outside any test)"] += count
print(f"CPU on the pool's threads: {sum(per_suite.values()) / rate:.1f} s")
for suite, count in per_suite.most_common(30):
    print(f"{count / rate:7.2f} s  {suite}")
