// Text phrases rules read: failure words, bare generic errors, transient-failure markers, and retry delays.

/** Words that make a text read as a failure (rulebook §4 no-error-as-success), as whole words, any case. */
const FAILURE_WORDS = /\b(?:error|failed|exception|not found|invalid|unable to)\b/gi;

/**
 * A text that opens with a failure: "Error: …", "[ERROR] …", "Error while …", "Failed to …", "Unable to …",
 * "Could not …", "Exception: …". Not "Invalid …"/"Not found …"/"Error rate …": those open legitimate results too.
 */
const LEADING_FAILURE =
  /^[\s\W]{0,4}(?:error(?=\s*(?:[:!\]—-]|$)|\s+(?:occurred|while|when|during|calling|executing|processing|fetching|getting|reading|writing|connecting)\b)|exception(?=\s*[:!\]—-])|failed\b|failure(?=\s*[:!\]—-])|unable to\b|could not\b)/i;

/** Where a failure phrase sits in a text: the phrase as written and its offset. */
export interface PhraseHit {
  phrase: string;
  index: number;
}

// A failure word that counts something is data: "0 failed", "no errors", "2 invalid emails", "failed: 0", "error=None".
const COUNTED_BEFORE = /(?:\b(?:0|zero|no|none|without)|(?:^|[^\w.-])\d+(?:\.\d+)?%?)\s+(?:[\w-]+\s+)?$/i;
const NOTHING_AFTER = /^["']?\s*[:=]\s*(?:0(?![\w.])|none\b|null\b|nil\b|false\b|\[\s*\]|\{\s*\}|""|'')|^\s*\(0\)/i;
// A key of an object written into the text ("failed": 3, 'error': None): its value is what the payload says.
const QUOTED_KEY_AFTER = /^["']\s*:/;

// The word names a topic, not an outcome: "error handling", "error messages", "exception handling".
const TOPIC_AFTER = /^\s+(?:handling|handler|handlers|messages?|codes?|rates?|logs?|logging|recovery|types?|cases?|reporting|tracking|pages?)\b/i;

/**
 * How far into prose a failure is looked for: a failure answer says so where a status would be, near the start. A
 * word deep inside a long document ("… error handling …" in a 6 KB reference) is the document's content.
 */
const STATUS_REACH = 1000;

/** Does this failure word read as a failure, rather than as a counter, a topic or a key of data written into the text? */
function readsAsFailure(text: string, index: number, word: string): boolean {
  const before = text.slice(Math.max(0, index - 40), index);
  const after = text.slice(index + word.length, index + word.length + 16);
  if (TOPIC_AFTER.test(text.slice(index + word.length, index + word.length + 24))) return false;
  if (/["']$/.test(before) && QUOTED_KEY_AFTER.test(after)) return false;
  if (NOTHING_AFTER.test(after)) return false;
  return !(COUNTED_BEFORE.test(before) && !/^\s*:/.test(after));
}

/** The first failure word of prose `text` that reads as a failure (not a count or a key), or null. */
function failureInProse(text: string): PhraseHit | null {
  FAILURE_WORDS.lastIndex = 0;
  for (let m = FAILURE_WORDS.exec(text); m !== null && m.index < STATUS_REACH; m = FAILURE_WORDS.exec(text)) {
    if (readsAsFailure(text, m.index, m[0])) return { phrase: m[0], index: m.index };
  }
  return null;
}

/** `text` parsed when the whole of it is a JSON object or array (a structured payload), else undefined. */
function jsonPayload(text: string): unknown {
  const t = text.trim();
  if (!/^[[{]/.test(t)) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

// The top-level fields of a JSON payload that carry the answer's own words; every other key and value is data.
const MESSAGE_FIELD = /^(?:message|msg|detail|details|reason|result|status|status_?text|summary|output|response)$/i;

/** The first failure in `text` that reads as a failure message, not as data; with its offset in `text`. */
export function findFailure(text: string): PhraseHit | null {
  const payload = jsonPayload(text);
  if (payload === undefined) return failureInProse(text);
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null; // a list of records is data
  for (const [key, value] of Object.entries(payload)) {
    // A one-word value ("failed", "not_found") is an enumerated status, data; jsonErrorMarker judges the status field.
    if (!MESSAGE_FIELD.test(key) || typeof value !== 'string' || !/\s/.test(value.trim())) continue;
    const hit = failureInProse(value);
    if (hit === null) continue;
    const at = text.indexOf(JSON.stringify(value).slice(1, -1));
    return { phrase: hit.phrase, index: at < 0 ? 0 : at + hit.index };
  }
  return null;
}

/** The failure word in `text` (as written) that reads as a failure message, not as data, or null. */
export function findFailurePhrase(text: string): string | null {
  return findFailure(text)?.phrase ?? null;
}

/** The failure `text` opens with, with its offset, or null. A JSON payload opens with data, never with a failure. */
export function findLeadingFailure(text: string): PhraseHit | null {
  if (jsonPayload(text) !== undefined) return null;
  const trimmed = text.trimStart();
  const m = LEADING_FAILURE.exec(trimmed);
  if (!m) return null;
  const phrase = m[0].replace(/^[\s\W]+/, '');
  return { phrase, index: text.length - trimmed.length + m[0].length - phrase.length };
}

/** The failure word `text` opens with (as written), or null. "Not found" is left out: it opens valid empty results. */
export function leadingFailurePhrase(text: string): string | null {
  return findLeadingFailure(text)?.phrase ?? null;
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
    String.raw`\b(?:EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b`,
    // The same failures in other runtimes' words: Go's "dial tcp …: connect: connection refused" (its "i/o timeout" is a
    // timeout above), Python's ConnectionRefusedError and httpx/requests' ConnectTimeout, Java's java.net.ConnectException.
    String.raw`\bconnection refused\b`,
    String.raw`\bConnection(?:Refused|Reset|Aborted)Error\b`,
    String.raw`\b(?:Connect|Read|Write|Pool)Timeout\b`,
    String.raw`\bjava\.net\.(?:Connect|SocketTimeout|NoRouteToHost)Exception\b`,
    String.raw`\bBad Gateway\b`,
    String.raw`\bGateway Time-?out\b`,
    // "try again later", not "use list_tasks to find the id and try again" (a fix-your-input hint)
    String.raw`\btry again (?:later|shortly|soon|in a (?:moment|minute|bit|few|while)|in \d+)\b`,
    // 429/502/503/504 as a status, not "order #429"
    String.raw`\b(?:HTTP|status|code|error)\W{0,3}(?:429|502|503|504)\b`,
    String.raw`\((?:429|502|503|504)\)`,
    String.raw`\b(?:429|503) (?:Too Many Requests|Service Unavailable)\b`,
  ].join('|'),
  'i',
);

/** The transient-failure marker in `text` (as written), or null. */
export function findTransientMarker(text: string): string | null {
  return TRANSIENT.exec(text)?.[0] ?? null;
}

/** Signs that a server could not reach what is behind it (a host that does not resolve, a failed fetch), beyond the transient ones. */
const UNREACHABLE = /\b(?:ENOTFOUND|getaddrinfo|fetch failed|socket hang up|ECONNABORTED|network (?:error|is unreachable)|Name or service not known|no such host)\b/i;

/** A connection the server itself made that failed: refused, reset, unresolved, unreachable, in any runtime's words. */
const UPSTREAM = new RegExp(
  [
    UNREACHABLE.source,
    String.raw`\b(?:ECONNREFUSED|ECONNRESET|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b`,
    String.raw`\bconnection refused\b`,
    String.raw`\bConnection(?:Refused|Reset|Aborted)Error\b`,
    String.raw`\bConnectTimeout\b`,
    String.raw`\bjava\.net\.(?:Connect|NoRouteToHost|UnknownHost)Exception\b`,
    // Python's clients: requests' "Max retries exceeded with url … Failed to establish a new connection", httpx.ConnectError.
    String.raw`\b(?:requests\.exceptions|urllib3\.exceptions|httpx|aiohttp(?:\.client_exceptions)?)\.\w*Connect\w*(?:Error|Exception)\b`,
    String.raw`\b(?:ConnectError|ClientConnectorError|NameResolutionError)\b`,
    String.raw`\bFailed to establish a new connection\b|\bMax retries exceeded with url\b|\bTemporary failure in name resolution\b|\bnodename nor servname\b|\bno route to host\b`,
    // "Cannot reach Reddit servers", kubectl's "The connection to the server localhost:8080 was refused"; a host, not "resolve the reference".
    String.raw`\b(?:could not|couldn't|cannot|can't|can not|failed to|unable to) (?:connect|reach)\b`,
    String.raw`\b(?:could not|couldn't|cannot|can't|failed to|unable to) resolve (?:the )?(?:host|hostname|address|domain|DNS)\b`,
    String.raw`\bconnection to the server \S+ was refused\b`,
    String.raw`\bdial tcp\b`,
  ].join('|'),
  'i',
);

/** The marker in `text` of a connection the server made to what is behind it that failed (not its own slowness or rate limit), or null. */
export function findUpstreamMarker(text: string): string | null {
  return UPSTREAM.exec(text)?.[0] ?? null;
}

/** The marker in `text` of an upstream that could not be reached (transient or not), or null. */
export function findUnreachableMarker(text: string): string | null {
  return findTransientMarker(text) ?? UNREACHABLE.exec(text)?.[0] ?? null;
}

/**
 * A program the server runs on this machine that is missing or did not start: a browser ("Chrome failed to start",
 * Playwright's "browserType.launch: Executable doesn't exist at …"), a command ("spawn kubectl ENOENT", "command not found").
 */
const RUNTIME = new RegExp(
  [
    String.raw`\b(?:Chrome|Chromium|Firefox|WebKit|browser)(?: process)? (?:failed to|could not|couldn't|cannot) (?:start|launch)\b`,
    String.raw`\b(?:failed to|could not|couldn't|unable to) (?:start|launch) (?:the )?(?:Chrome|Chromium|Firefox|WebKit|browser)\b`,
    String.raw`\bbrowserType\.launch\b|\bexecutable (?:doesn't|does not) exist\b`,
    String.raw`\b(?:could not|couldn't|cannot|unable to) find (?:\w+ ){0,3}(?:executable|binary|browser)\b`,
    String.raw`\b(?:Chrome|Chromium|Firefox|browser|distribution)\b[^\n.]{0,40}\b(?:is )?not found at\b`,
    String.raw`\b(?:npx )?(?:playwright|puppeteer)(?: browsers)? install\b`,
    String.raw`\bspawn(?:Sync)? \S+ ENOENT\b`,
    String.raw`\b(?:command|executable|binary) not found\b|\bis not recognized as an internal or external command\b`,
    String.raw`\b(?:is|are) not installed\b`,
  ].join('|'),
  'i',
);

/** The marker in `text` of a program the server runs that is missing or did not start, or null. */
export function findRuntimeMarker(text: string): string | null {
  return RUNTIME.exec(text)?.[0] ?? null;
}

/** A credential's name: an API key, an access token, a client secret (a bare "token" is a parser's word too). */
const CREDENTIAL = String.raw`(?:api[ _-]?(?:key|token|secret)|(?:personal )?access[ _-]?token|auth(?:entication|orization)?[ _-]?token|bearer token|client[ _-]?secret|secret[ _-]?key|credentials?)`;
/** A setting's name as an environment variable spells it: FIRECRAWL_API_URL, X_API_KEY. */
const ENV_NAME = String.raw`[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]`;
const UNSET = String.raw`(?:to be set|must be set|(?:is|was|are) (?:not set|not defined|undefined|missing|required)|not set|not configured)`;

/**
 * A credential the operator gives the server, missing or refused: "Unauthorized: API key is required", "401 Unauthorized",
 * "Invalid API key", "requires an API key", "not configured".
 */
const CREDENTIAL_REFUSED = new RegExp(
  [
    String.raw`\b(?:missing|invalid|no|expired|revoked|incorrect|wrong|bad|unknown)\s+${CREDENTIAL}\b`,
    String.raw`\b${CREDENTIAL}\s+(?:(?:is|was|are|were|has|have)\s+(?:been\s+)?)?(?:required|missing|not (?:set|provided|configured|found|valid)|invalid|expired|revoked|rejected)\b`,
    String.raw`\brequires? (?:an? |your |the )?(?:valid )?${CREDENTIAL}\b`,
    String.raw`\b(?:401\W{0,3})?unauthori[sz]ed\b|\bunauthenticated\b|\bnot authenticated\b|\bauthentication (?:failed|required|is required)\b`,
    String.raw`\b(?:environment|env) variables?\b[^.\n]{0,40}?\b${UNSET}|\b(?:missing|undefined) (?:environment|env) variables?\b|\bset the (?:\w+ )?(?:environment|env) variable\b`,
    String.raw`\bnot configured\b|\bno configuration has been provided\b`,
  ].join('|'),
  'i',
);

/** A setting named as an environment variable, to be set: "requires FIRECRAWL_API_URL to be set", "Please set X_API_KEY". Case-sensitive: the name is upper case. */
const SETTING_UNSET = new RegExp(
  [
    String.raw`\b(?:[Ss]et|[Ee]xport|[Dd]efine|[Cc]onfigure|[Pp]rovide) (?:the |your |an? )?(?:environment variable |env var )?${ENV_NAME}\b`,
    String.raw`\b[Rr]equires? ${ENV_NAME}\b`,
    String.raw`\b${ENV_NAME}\b[^.\n]{0,30}?\b${UNSET}`,
  ].join('|'),
);

/** The credential a text names ("API key" in "requires an API key"), as written, or null. */
export function findCredentialName(text: string): string | null {
  return new RegExp(String.raw`\b${CREDENTIAL}\b`, 'i').exec(text)?.[0] ?? null;
}

/** The marker in `text` of a credential or setting the operator must give the server, missing or refused, or null. */
export function findConfigurationMarker(text: string): string | null {
  return CREDENTIAL_REFUSED.exec(text)?.[0] ?? SETTING_UNSET.exec(text)?.[0] ?? null;
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

/** Every next-step word in `text`, in order. */
export function nextSteps(text: string): string[] {
  return [...text.matchAll(new RegExp(NEXT_STEP.source, 'gi'))].map((m) => m[0]);
}

/** Phrases that state what a valid argument looks like: an expected type, format, range, set of values or an example. */
const EXPECTATION = new RegExp(
  [
    String.raw`\bexpect(?:ed|s|ing)\b`,
    String.raw`\b(?:must|should) (?:be|match|have|contain|not)\b`,
    String.raw`\bone of\b`,
    String.raw`\b(?:allowed|valid|accepted|supported|possible) values?\b`,
    // "Supported units: m, km, …", "Valid formats are: …"
    String.raw`\b(?:allowed|valid|accepted|supported|available|possible|known)\s+[a-z]+(?:\s+[a-z]+)?\s*(?:are|is|include)?\s*:`,
    String.raw`\b(?:at least|at most|no more than|no less than|greater than|less than|between|up to)\s+-?\d`,
    String.raw`\b(?:min|max)(?:imum)?(?: length| value)?(?: is| of)?:?\s*-?\d`,
    String.raw`\bof type\b`,
    // "ENAMETOOLONG: name too long": the input must be shorter
    String.raw`\btoo (?:long|short|large|big|many|few)\b`,
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

/** Every phrase in `text` that states what valid input looks like, in order, each with where it starts. */
export function expectations(text: string): { phrase: string; index: number }[] {
  return [...text.matchAll(new RegExp(EXPECTATION.source, 'gi'))].map((m) => ({ phrase: m[0], index: m.index! }));
}

/** How long a text may be and still be read as a refusal: a served file is rarely this short, a refusal rarely longer. */
const REFUSAL_MAX_CHARS = 300;
const SAYS_NOT_SERVED =
  /\b(?:not found|no such (?:file|resource|document|path|page|entry)|(?:does|do) ?n[o']t exist|cannot (?:be )?f(?:ou)?nd|can't find|could not (?:be )?f(?:ou)?nd|unknown (?:resource|file|path|uri|document)|(?:access|permission) denied|forbidden|not (?:allowed|permitted)|outside (?:of )?the|invalid (?:path|uri|resource|file))/i;

/**
 * A short text of one line that says what was asked for is not there or not allowed ("Documentation not found:
 * etc/passwd", "Access denied"): a refusal written as content, not the content of a file (a file of several lines that
 * says "not found" somewhere is still the file). Read where an answer is withheld, so a
 * rule can tell a served file from a refusal without the text being kept.
 */
export function saysNotServed(text: string): boolean {
  const line = text.trim();
  return line.length <= REFUSAL_MAX_CHARS && !line.includes('\n') && SAYS_NOT_SERVED.test(line);
}
