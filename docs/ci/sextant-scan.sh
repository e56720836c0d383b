#!/bin/sh
# Sextant from any CI or a shell (issue 15): one `sextant scan` line. Needs SEXTANT_URL and SEXTANT_TOKEN
# in the environment and the `sextant` command of your server's release on PATH (GET $SEXTANT_URL/api/v1/cli).
# Exit code: 0 passed; +1 security, +2 stability, +4 licensing failed; 255 (-1) no authorisation,
# 253 (-3) unsupported project, 251 (-5) build already running, 250 (-6) analysis failed,
# 247 (-9) server unreachable, …  Add --fail-gracefully to let errors pass (failed checks still fail).
set -u
sextant scan "${1:-.}" --report-json sextant-report.json --report-junit sextant-junit.xml
code=$?
case $code in
  0) echo "Sextant: all checks passed" ;;
  [1-7]) echo "Sextant: failed checks (exit $code)" ;;
  *) echo "Sextant: error $((code - 256)) (exit $code)" ;;
esac
exit $code
