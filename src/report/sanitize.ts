// The one output step: everything the linter writes is redacted (secrets) and neutralised (control characters, escape sequences, workflow commands).
import { redact, type SecretOptions } from '../matchers/secrets.js';
import type { Report } from './model.js';

/**
 * Characters that act on a terminal, a log viewer or a renderer instead of showing: C0 controls but newline (tab
 * as the caller chooses), DEL, C1 controls (U+0080–U+009F, `\u009b` is a one-byte CSI), zero-width
 * and bidi controls (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069), line/paragraph separators, BOM, non-characters.
 */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufffe\uffff]/g;
/** SGR colour sequences: the only escape sequence the linter itself writes into a report (stylish, when colour is on). */
const SGR = /\u001b\[[0-9;]*m/y;
/** A line that a CI runner would read as a workflow command (`::error::`, `::add-mask::`, `::stop-commands::`…). */
const WORKFLOW_COMMAND_LINE = /^([ \t]*):(?=:)/gm;

export interface NeutraliseOptions {
  /** Keep tab characters (default true). */
  tab?: boolean;
  /** Keep carriage returns (default false: a bare CR rewrites a terminal line). */
  cr?: boolean;
  /** Keep SGR colour sequences (stylish with colour on). Server text never carries them: the report is neutralised first. */
  sgr?: boolean;
  /** Leave lines starting with `::` alone (the github format's own annotations, whose server text is already escaped). */
  workflowCommands?: boolean;
}

/** `\u001b` as six visible characters: in JSON strings it is the same escape, elsewhere it is inert text. */
const visible = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text with every character that could act instead of show made visible as `\uXXXX`: ESC (so CSI, OSC 8 links and
 * clear-screen lose their introducer), C0 but newline (and tab, CR as asked), C1, bidi and zero-width controls; and
 * no line may start a workflow command. Never removes: what the server sent stays readable.
 */
export function neutralise(text: string, options: NeutraliseOptions = {}): string {
  const keepTab = options.tab ?? true;
  const keepCr = options.cr ?? false;
  let out = '';
  let from = 0;
  UNSAFE.lastIndex = 0;
  for (let m = UNSAFE.exec(text); m !== null; m = UNSAFE.exec(text)) {
    const c = m[0];
    if ((c === '\t' && keepTab) || (c === '\r' && keepCr)) continue;
    if (c === '\u001b' && options.sgr) {
      SGR.lastIndex = m.index;
      const colour = SGR.exec(text);
      if (colour) {
        UNSAFE.lastIndex = m.index + colour[0].length;
        continue;
      }
    }
    out += text.slice(from, m.index) + visible(c);
    from = m.index + 1;
  }
  out += text.slice(from);
  return options.workflowCommands ? out : out.replace(WORKFLOW_COMMAND_LINE, '$1\\u003a');
}

/** Redacted, then neutralised: the step every string the linter writes passes. */
export function sanitize(text: string, secrets: SecretOptions = {}, options: NeutraliseOptions = {}): string {
  return neutralise(redact(text, secrets), options);
}

/**
 * A copy of the report with every string sanitised (tabs and newlines kept: each format escapes them its own way),
 * so no formatter can put a secret or a raw control character from the server into its output, whatever field it reads.
 */
export function sanitizeReport(report: Report, secrets: SecretOptions = {}): Report {
  // A part with nothing to change is kept as it is, not copied: a report of 1,000 tools has 100,000 checks.
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string') return sanitize(value, secrets, { workflowCommands: true });
    if (Array.isArray(value)) {
      const items = value.map(clean);
      return items.every((item, i) => item === value[i]) ? value : items;
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      const cleaned = entries.map(([k, v]) => [clean(k), clean(v)] as const);
      return cleaned.every(([k, v], i) => k === entries[i][0] && v === entries[i][1]) ? value : Object.fromEntries(cleaned);
    }
    return value;
  };
  return clean(report) as Report;
}

export type OutputKind = 'text' | 'json' | 'github';

/** A JSON string literal in serialised JSON (the text between the quotes has no raw quote or backslash but escapes). */
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * The last step before bytes leave the linter (stdout, stderr, report files, the step summary). JSON stays JSON:
 * secrets are redacted inside each string literal (decoded, redacted, encoded again), and a visible `\uXXXX` is the
 * same escape inside a string. The github format keeps its own command lines (its server text is escaped already).
 */
export function safeOutput(text: string, kind: OutputKind, secrets: SecretOptions = {}, options: Pick<NeutraliseOptions, 'sgr' | 'cr'> = {}): string {
  const redacted = kind === 'json' ? redactJson(text, secrets) : redact(text, secrets);
  return neutralise(redacted, { ...options, workflowCommands: kind === 'github' });
}

/** Serialised JSON with its string literals redacted; the text itself when none changes (a report can be tens of MB). */
function redactJson(text: string, secrets: SecretOptions): string {
  const parts: string[] = [];
  let from = 0;
  JSON_STRING.lastIndex = 0;
  for (let m = JSON_STRING.exec(text); m !== null; m = JSON_STRING.exec(text)) {
    const clean = redactJsonString(m[0], secrets);
    if (clean === m[0]) continue;
    parts.push(text.slice(from, m.index), clean);
    from = m.index + m[0].length;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

function redactJsonString(literal: string, secrets: SecretOptions): string {
  const value = JSON.parse(literal) as string;
  const clean = redact(value, secrets);
  return clean === value ? literal : JSON.stringify(clean);
}
