#!/usr/bin/env bash
# Sets up the virtual environment, plays ta_minesweeper with the mock model, scores and evaluates it.
# Results: results/mock/ta_minesweeper/<experiment>/instance_*/ and results/results.csv|html.
source "$(dirname "$0")/venv.sh"
clem run -g "${GAME:-ta_minesweeper}" -m mock
clem score
clem eval
if find results -name error.json | grep -q .; then
    echo "episodes failed:"; find results -name error.json; exit 1
fi
echo "Results: results/results.csv (clemscore table), transcripts via: clem transcribe"
