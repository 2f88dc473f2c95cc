#!/usr/bin/env bash
# The GitHub Action's run step: turns INPUT_* variables into mcp-errlint flags; runnable locally with the same variables.
set -uo pipefail

# Every value goes into an array element as it came (no eval, no second expansion): a header such as
# "Authorization: Bearer ${TOKEN}" reaches mcp-errlint as that literal text, and mcp-errlint reads TOKEN
# from its own environment. Nothing below prints a header value.

bin=${MCP_ERRLINT_BIN:-$(dirname "$0")/../bin/mcp-errlint.js}
args=(--format github --profile "${INPUT_PROFILE:-recommended}" --fail-on "${INPUT_FAIL_ON:-error}" --min-score "${INPUT_MIN_SCORE:-0}")

# Ends the step: the exit-code output is written on every path, usage errors included.
finish() {
  [[ -n ${GITHUB_OUTPUT:-} ]] && echo "exit-code=$1" >>"$GITHUB_OUTPUT"
  exit "$1"
}
usage_error() {
  echo "::error title=mcp-errlint::$1" >&2
  finish 2
}

targets=()
[[ -n ${INPUT_URL:-} ]] && targets+=(url)
[[ -n ${INPUT_COMMAND:-} ]] && targets+=(command)
[[ -n ${INPUT_MCP_CONFIG:-} ]] && targets+=(mcp-config)
if ((${#targets[@]} > 1)); then
  usage_error "set only one of the url, command and mcp-config inputs (got ${targets[*]})"
fi
case ${INPUT_TRANSPORT:-} in
  '' | http | sse) ;;
  *) usage_error "the transport input must be empty, http or sse" ;;
esac
if [[ -n ${INPUT_SERVER:-} && -z ${INPUT_MCP_CONFIG:-} ]]; then
  usage_error "the server input names a server of the mcp-config file; set mcp-config too"
fi

[[ -n ${INPUT_CONFIG:-} ]] && args+=(--config "$INPUT_CONFIG")
[[ -n ${INPUT_URL:-} ]] && args+=(--url "$INPUT_URL")
[[ -n ${INPUT_TRANSPORT:-} ]] && args+=(--transport "$INPUT_TRANSPORT")
if [[ -n ${INPUT_HEADERS:-} ]]; then
  header_name='^[-!#$%&'\''*+.^_`|~0-9A-Za-z]+:' # an RFC 9110 token, then a colon
  number=0
  while IFS= read -r line || [[ -n $line ]]; do
    number=$((number + 1))
    line=${line%$'\r'}
    line=${line#"${line%%[![:space:]]*}"}  # trim leading whitespace
    line=${line%"${line##*[![:space:]]}"}  # trim trailing whitespace
    [[ -z $line ]] && continue
    # A line without a header name may be a bare secret: say which line, never what it holds.
    [[ $line =~ $header_name ]] || usage_error "headers line $number is not \"Name: value\""
    args+=(--header "$line")
  done <<<"$INPUT_HEADERS"
fi
[[ -n ${INPUT_MCP_CONFIG:-} ]] && args+=(--mcp-config "$INPUT_MCP_CONFIG")
[[ -n ${INPUT_SERVER:-} ]] && args+=(--server "$INPUT_SERVER")
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
[[ -n ${GITHUB_OUTPUT:-} && -n ${INPUT_SARIF:-} && -f $INPUT_SARIF ]] && echo "sarif=$INPUT_SARIF" >>"$GITHUB_OUTPUT"
finish "$code"
