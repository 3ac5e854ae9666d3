"""Instructions per message from callgrind counts, checked against recorded thresholds.

Shared by bench-instructions.sh and bench-proxy-instructions.sh. Arguments: the counts file
(lines "STAGE COLLECTED MESSAGES"), the JSON file to record the figures in (or ""), the
thresholds JSON to check against (or ""), the tolerance in percent, the table's title and the
script's name for errors. Exits 1 when a stage is more than the tolerance over its threshold.
"""
import json
import sys

counts, json_out, thresholds, tolerance, title, tool = sys.argv[1:7]
tolerance = int(tolerance)
figures, messages = {}, {}
for line in open(counts):
    stage, collected, count = line.split()
    figures[stage] = round(int(collected) / int(count), 1)
    messages[stage] = int(count)
limits = json.load(open(thresholds)) if thresholds else {}
print(f"\n{title}:")
failed = []
for stage, value in figures.items():
    line = f"  {stage:<12}{value:>12,.1f}   ({messages[stage]} messages)"
    if stage in limits:
        change = 100 * (value / limits[stage] - 1)
        verdict = "ok" if change <= tolerance else f"FAILS: more than {tolerance} % over"
        line += f"   threshold {limits[stage]:,.1f} ({change:+.2f} %) {verdict}"
        if change > tolerance:
            failed.append(stage)
    print(line)
if json_out:
    with open(json_out, "w") as out:
        json.dump(figures, out, indent=2)
        out.write("\n")
if failed:
    print(f"{tool}: {', '.join(failed)} over the threshold in {thresholds}; if the change is intended, "
          "record new thresholds with make bench-thresholds (and commit them)", file=sys.stderr)
    sys.exit(1)
