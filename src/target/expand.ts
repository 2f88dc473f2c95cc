// Environment variables named in a value the user gave (`$VAR`, `${VAR}`, `${env:VAR}`), so that secrets such as a
// bearer token stay out of command lines and files; every value substituted is remembered, to be redacted from output.
import { UsageError } from '../errors.js';

/** What was expanded, and which values came from the environment (each one to be redacted wherever it shows up). */
export interface Expanded {
  text: string;
  secrets: string[];
}

const REFERENCE = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}|\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** `text` with each `$VAR`, `${VAR}` and `${env:VAR}` replaced by its value; an unset variable is a usage error naming `what`. */
export function expandEnv(text: string, env: Readonly<Record<string, string | undefined>>, what: string): Expanded {
  const secrets: string[] = [];
  const expanded = text.replace(REFERENCE, (_, a?: string, b?: string, c?: string) => {
    const name = (a ?? b ?? c)!;
    const value = env[name];
    if (value === undefined) throw new UsageError(`${what} names the environment variable ${name}, which is not set`);
    if (value !== '') secrets.push(value);
    return value;
  });
  return { text: expanded, secrets };
}

/** `--header "Name: value"`: the name and the value with its variables expanded; a malformed header is a usage error. */
export function parseHeader(spec: string, env: Readonly<Record<string, string | undefined>>): { name: string; value: string; secrets: string[] } {
  const colon = spec.indexOf(':');
  const name = colon > 0 ? spec.slice(0, colon).trim() : '';
  // RFC 9110 token characters only: a name that is not one would be refused by Node, or smuggle a second header.
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`--header expects "Name: value", e.g. "Authorization: Bearer \${TOKEN}", got a header without a valid name`);
  const { text, secrets } = expandEnv(spec.slice(colon + 1).trim(), env, `--header ${name}`);
  if (/[\r\n\0]/.test(text)) throw new UsageError(`--header ${name}: its value may not contain a line break or NUL`);
  // Every header value is treated as a secret (Authorization, API keys), however it was given.
  return { name, value: text, secrets: text === '' ? secrets : [...secrets, text] };
}
