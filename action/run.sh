#!/usr/bin/env bash
# The GitHub Action's run step: turns INPUT_* variables into mcp-errlint flags; runnable locally with the same variables.
set -uo pipefail

bin=${MCP_ERRLINT_BIN:-$(dirname "$0")/../bin/mcp-errlint.js}
args=(--format github --profile "${INPUT_PROFILE:-recommended}" --fail-on "${INPUT_FAIL_ON:-error}" --min-score "${INPUT_MIN_SCORE:-0}")

if [[ -n ${INPUT_URL:-} ]]; then
  echo "::error title=mcp-errlint::the url input is not supported by this version; lint a stdio server with the command or config input" >&2
  exit 2
fi
[[ -n ${INPUT_CONFIG:-} ]] && args+=(--config "$INPUT_CONFIG")
[[ -n ${INPUT_SEED:-} ]] && args+=(--seed "$INPUT_SEED")
[[ -n ${INPUT_BASELINE:-} ]] && args+=(--baseline "$INPUT_BASELINE")
[[ -n ${INPUT_SARIF:-} ]] && args+=(--report "sarif=$INPUT_SARIF")
if [[ -n ${INPUT_ARGS:-} ]]; then
  read -r -a extra <<<"$INPUT_ARGS"
  args+=("${extra[@]}")
fi
if [[ -n ${INPUT_COMMAND:-} ]]; then
  read -r -a command <<<"$INPUT_COMMAND"
  args+=(-- "${command[@]}")
fi

node "$bin" "${args[@]}"
code=$?
if [[ -n ${GITHUB_OUTPUT:-} ]]; then
  echo "exit-code=$code" >>"$GITHUB_OUTPUT"
  [[ -n ${INPUT_SARIF:-} && -f $INPUT_SARIF ]] && echo "sarif=$INPUT_SARIF" >>"$GITHUB_OUTPUT"
fi
exit "$code"
