// Text phrases rules read: failure words, bare generic errors, transient-failure markers, and retry delays.

/** Words that make a text read as a failure (rulebook §4 no-error-as-success), as whole words, any case. */
const FAILURE_WORDS = /\b(?:error|failed|exception|not found|invalid|unable to)\b/i;

/**
 * A text that opens with a failure: "Error: …", "[ERROR] …", "Error while …", "Failed to …", "Unable to …",
 * "Could not …", "Exception: …". Not "Invalid …"/"Not found …"/"Error rate …": those open legitimate results too.
 */
const LEADING_FAILURE =
  /^[\s\W]{0,4}(?:error(?=\s*(?:[:!\]—-]|$)|\s+(?:occurred|while|when|during|calling|executing|processing|fetching|getting|reading|writing|connecting)\b)|exception(?=\s*[:!\]—-])|failed\b|failure(?=\s*[:!\]—-])|unable to\b|could not\b)/i;

/** The failure word in `text` (as written), or null. */
export function findFailurePhrase(text: string): string | null {
  return FAILURE_WORDS.exec(text)?.[0] ?? null;
}

/** The failure word `text` opens with (as written), or null. "Not found" is left out: it opens valid empty results. */
export function leadingFailurePhrase(text: string): string | null {
  const m = LEADING_FAILURE.exec(text.trimStart());
  return m ? m[0].replace(/^[\s\W]+/, '') : null;
}

/**
 * The error marker of a text that is a whole JSON object shaped like an error ({"error": …},
 * {"isError": true}, {"status": "error"}, {"success": false, …}), or null.
 */
export function jsonErrorMarker(value: unknown): string | null {
  let obj = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text.startsWith('{')) return null;
    try {
      obj = JSON.parse(text);
    } catch {
      return null;
    }
  }
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return null;
  const o = obj as Record<string, unknown>;
  if (o.error !== undefined && o.error !== null && o.error !== false && o.error !== '') return '"error"';
  if (o.isError === true) return '"isError": true';
  if (typeof o.status === 'string' && /^(?:error|failed|failure)$/i.test(o.status)) return `"status": "${o.status}"`;
  if (o.success === false || o.ok === false) return o.success === false ? '"success": false' : '"ok": false';
  return null;
}

// The whole text being one of these is a bare generic error. The first seven are the rulebook's; the rest
// are the same non-information in other words, including JSON-RPC's own message for -32602.
const GENERIC = new Set([
  'operation failed',
  'error',
  'internal error',
  'something went wrong',
  'undefined',
  'null',
  'false',
  'internal server error',
  'unknown error',
  'an error occurred',
  'an error has occurred',
  'error occurred',
  'an unexpected error occurred',
  'unexpected error',
  'request failed',
  'failed',
  'failure',
  'exception',
  'invalid params',
  'invalid arguments',
  'invalid input',
  'bad request',
]);

/**
 * The generic phrase `text` consists of (one of GENERIC or `extraPhrases`, any case), or null. Tolerates surrounding whitespace/quotes, trailing
 * punctuation, an "Error: " prefix and an "MCP error -32603: " prefix ("Error: Internal error.").
 */
export function genericPhrase(text: string, extraPhrases: readonly string[] = []): string | null {
  const extra = new Set(extraPhrases.map((p) => p.trim().replace(/[\s.!?:…]+$/, '').toLowerCase()));
  let t = text.trim().replace(/^["'`]+|["'`]+$/g, '').trim();
  t = t.replace(/^MCP error -?\d+:\s*/i, '');
  for (let i = 0; i < 2; i++) {
    const stripped = t.replace(/[\s.!?:…]+$/, '').trim();
    const lower = stripped.toLowerCase();
    if (GENERIC.has(lower) || extra.has(lower)) return stripped;
    if (!/^error:\s*/i.test(stripped)) break;
    t = stripped.replace(/^error:\s*/i, '');
  }
  return null;
}

/** Signs in a text that a failure is transient (worth retrying later). */
const TRANSIENT = new RegExp(
  [
    String.raw`\btime[ -]?out\b`,
    String.raw`\btimed out\b`,
    String.raw`\btemporarily unavailable\b`,
    String.raw`\bservice unavailable\b`,
    String.raw`\brate[ -]limit(?:ed|s)?\b`,
    String.raw`\btoo many requests\b`,
    String.raw`\bECONNREFUSED\b`,
    String.raw`\bETIMEDOUT\b`,
    String.raw`\bECONNRESET\b`,
    // "try again later", not "use list_tasks to find the id and try again" (a fix-your-input hint)
    String.raw`\btry again (?:later|shortly|soon|in a (?:moment|minute|bit|few|while)|in \d+)\b`,
    // 429/503 as a status, not "order #429"
    String.raw`\b(?:HTTP|status|code|error)\W{0,3}(?:429|503)\b`,
    String.raw`\((?:429|503)\)`,
    String.raw`\b(?:429|503) (?:Too Many Requests|Service Unavailable)\b`,
  ].join('|'),
  'i',
);

/** The transient-failure marker in `text` (as written), or null. */
export function findTransientMarker(text: string): string | null {
  return TRANSIENT.exec(text)?.[0] ?? null;
}

const UNIT = String.raw`(?:ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hours?)\b`;
const DELAY = new RegExp(
  [
    String.raw`\bretry(?:ing)?[ -](?:after|in)\s+(?:~|about\s+|approximately\s+)?\d+(?:\.\d+)?\s*${UNIT}`,
    String.raw`\bRetry-After:\s*\d+`,
    String.raw`\b(?:in|after|wait(?:\s+for)?)\s+(?:~|about\s+|approximately\s+)?\d+(?:\.\d+)?\s*(?:ms|milliseconds?|secs?|seconds?|mins?|minutes?|hours?)\b`,
    String.raw`\b(?:try again|retry)\s+(?:after|at)\s+\d{1,2}:\d{2}`,
  ].join('|'),
  'i',
);

/** The retry delay stated in `text` ("retry after 30 seconds", "Retry-After: 5", "in 10 seconds"), or null. */
export function findDelayText(text: string): string | null {
  return DELAY.exec(text)?.[0] ?? null;
}

/** Words that tell the reader what to do next: retry, change input, call another tool, escalate. */
const NEXT_STEP =
  /\b(?:retry|try|check|verify|provide|use|call|contact|ensure|make sure|specify|supply|pass|wait|reduce|increase|remove|escalate|ask|see|re-?authenticate|choose|select|correct|fix|update)\b/i;

/** The next-step word in `text` (as written), or null. */
export function findNextStep(text: string): string | null {
  return NEXT_STEP.exec(text)?.[0] ?? null;
}

/** Phrases that state what a valid argument looks like: an expected type, format, range, set of values or an example. */
const EXPECTATION = new RegExp(
  [
    String.raw`\bexpect(?:ed|s|ing)\b`,
    String.raw`\b(?:must|should) (?:be|match|have|contain|not)\b`,
    String.raw`\bone of\b`,
    String.raw`\b(?:allowed|valid|accepted|supported|possible) values?\b`,
    String.raw`\b(?:at least|at most|no more than|no less than|greater than|less than|between|up to)\s+-?\d`,
    String.raw`\b(?:min|max)(?:imum)?(?: length| value)?(?: is| of)?:?\s*-?\d`,
    String.raw`\bof type\b`,
    String.raw`\b(?:a|an) (?:string|number|integer|boolean|array|object)\b`,
    String.raw`\b(?:format|pattern)\s*[:("'\x60]`,
    String.raw`\bISO[ -]?8601\b|\bRFC[ -]?\d{3,4}\b|\bYYYY\b|\be\.g\.|\bfor example\b`,
  ].join('|'),
  'i',
);

/** The phrase in `text` that states what valid input looks like, or null. */
export function findExpectation(text: string): string | null {
  return EXPECTATION.exec(text)?.[0] ?? null;
}
