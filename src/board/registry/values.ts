// Values a user gives for registry servers' inputs (environment variables, arguments, headers, URL variables), per
// server name: `--env <server>:NAME=VALUE` and `--env-file <file>`, a JSON object `{"<server name or glob>": {"NAME":
// "value"}}`. `$VAR`, `${VAR}` and `${env:VAR}` in a value are read from the scoreboard's environment, as in --header.
import { existsSync, readFileSync } from 'node:fs';
import { UsageError } from '../../errors.js';
import { expandEnv } from '../../target/expand.js';
import { matchesAny } from '../../util/glob.js';
import { parseJson } from '../../util/json.js';

/** Values by server glob, in the order given: later ones win. */
export type GivenValues = Array<{ server: string; values: Record<string, string> }>;

/** One `--env <server>:NAME=VALUE`, its value's variables read from `env`. */
export function parseEnvFlag(flag: string, env: NodeJS.ProcessEnv = process.env): GivenValues[number] {
  const match = /^(?<server>[^:=]+):(?<name>[^=]+)=(?<value>[\s\S]*)$/.exec(flag);
  if (!match?.groups) throw new UsageError(`--env expects <server>:NAME=VALUE (a value may read $VAR from the environment), got '${flag.split('=')[0]}…'`);
  const { server, name, value } = match.groups;
  return { server, values: { [name]: expandEnv(value, env, `--env ${server}:${name}`).text } };
}

/** The values of an --env-file: an object of server names (or globs) to objects of names to string values. */
export function readEnvFile(file: string, env: NodeJS.ProcessEnv = process.env): GivenValues {
  if (!existsSync(file)) throw new UsageError(`${file}: no such file`);
  const result = parseJson(readFileSync(file, 'utf8'));
  if (!result.ok) throw new UsageError(`${file}:${result.line}:${result.column}: ${result.message}`);
  const doc = result.value;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new UsageError(`${file}: expected {"<server name>": {"NAME": "value"}}`);
  return Object.entries(doc).map(([server, values]) => {
    if (typeof values !== 'object' || values === null || !Object.values(values).every((v) => typeof v === 'string')) throw new UsageError(`${file}: "${server}": expected an object of string values`);
    return { server, values: Object.fromEntries(Object.entries(values as Record<string, string>).map(([name, value]) => [name, expandEnv(value, env, `${file}: "${server}".${name}`).text])) };
  });
}

/** The values given for one server: every matching entry, later ones winning. */
export function valuesFor(name: string, given: GivenValues): Record<string, string> {
  return Object.assign({}, ...given.filter(({ server }) => matchesAny(name, [server])).map(({ values }) => values)) as Record<string, string>;
}
