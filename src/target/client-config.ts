// MCP client config files (Claude Desktop, Claude Code, Cursor, VS Code, Windsurf) read into server targets, each with the line that declares it.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, resolve, sep } from 'node:path';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { HttpTarget, HttpTransportKind, ServerTarget, StdioTarget } from './target.js';
import { terminalSafe } from '../util/text.js';
import { ConfigError, UsageError } from '../errors.js';
import { readConfigText, whyUnreadable } from '../util/files.js';
import { didYouMean } from '../util/suggest.js';

export interface DeclaredServer {
  /** The key in the file. */
  name: string;
  /** The path as the caller gave it. */
  file: string;
  /** 1-based line of the server's key (`"name": {`) in the file. */
  line: number;
  target: ServerTarget;
  /** Values substituted from the environment or from inputs (e.g. a token), and every header value: the caller redacts them from every output. */
  secrets: string[];
  /** Why the server is not to be linted (e.g. `"disabled": true`); absent when it is. */
  skipped?: string;
}

export interface ClientConfigContext {
  env: NodeJS.ProcessEnv | Record<string, string | undefined>;
  /** Where a relative `file` is found. */
  cwd: string;
  /** `${userHome}`; by default HOME (or USERPROFILE) from `env`, else the OS's. */
  home?: string;
  /**
   * Read only the server of this name: the others are not read at all (a variable one of them names may be unset, its
   * shape may be wrong). A UsageError when the file declares no server of this name.
   */
  only?: string;
}

/**
 * The two families of files, told apart by their top-level key:
 * - mcpServers: Claude Desktop, Claude Code, Cursor, Windsurf (`${VAR}`, `${VAR:-default}`, `${env:VAR}`, `${userHome}`, `${workspaceFolder}`).
 * - vscode: VS Code's `servers` (`${env:VAR}`, `${input:id}`, `${userHome}`, `${workspaceFolder}`).
 */
export type ClientConfigDialect = 'mcpServers' | 'vscode';

/** Every server declared in the file (or the one `context.only` names), in file order; throws ConfigError with "file:line: problem" lines. */
export function readClientConfig(file: string, context: ClientConfigContext): DeclaredServer[] {
  return parseClientConfig(readConfigText(resolve(context.cwd, file), file), file, context);
}

/** Same, from text already read (for tests). An `envFile` is still read from disk. */
export function parseClientConfig(text: string, file: string, context: ClientConfigContext): DeclaredServer[] {
  const doc = new ConfigText(file, text.replace(/^\uFEFF/, ' '));
  const root = doc.parse();
  if (root.type !== 'object') throw doc.fatal(root, `not an MCP client config: the top level is ${describe(root)}, not an object`);
  const top = properties(root);
  const mcpServers = top.get('mcpServers');
  const servers = top.get('servers');
  if (mcpServers && servers) throw doc.fatal(servers.key, 'both "mcpServers" and "servers": cannot tell which client this file is for');
  const container = mcpServers ?? servers;
  if (!container) {
    throw doc.fatal(root, 'not an MCP client config: no "mcpServers" object (Claude Desktop, Claude Code, Cursor, Windsurf) and no "servers" object (VS Code)');
  }
  const dialect: ClientConfigDialect = mcpServers ? 'mcpServers' : 'vscode';
  const containerName = mcpServers ? 'mcpServers' : 'servers';
  if (container.value.type !== 'object') throw doc.fatal(container.value, `"${containerName}" must be an object that maps server names to servers, not ${describe(container.value)}`);

  const path = resolve(context.cwd, file);
  const scope: Scope = {
    dialect,
    env: context.env,
    home: context.home ?? context.env.HOME ?? context.env.USERPROFILE ?? homedir(),
    workspaceFolder: workspaceFolderOf(path),
    inputs: dialect === 'vscode' ? readInputs(doc, top.get('inputs')?.value) : new Map(),
  };
  const declared: DeclaredServer[] = [];
  const firstLine = new Map<string, number>();
  const all = entries(container.value);
  if (context.only !== undefined && !all.some(({ key }) => String(key.value) === context.only)) {
    const names = [...new Set(all.map(({ key }) => String(key.value)))];
    throw new UsageError(`${file} declares no server named '${context.only}' (it declares: ${names.join(', ') || 'none'})`);
  }
  for (const { key, value } of all) {
    const name = String(key.value);
    if (context.only !== undefined && name !== context.only) continue;
    const line = doc.line(key);
    const first = firstLine.get(name);
    if (first !== undefined) doc.problem(key, `server '${name}' is declared again (first at line ${first}); a client keeps only the last one`);
    else firstLine.set(name, line);
    const server = readServer(new ServerReader(doc, scope, name), key, value);
    if (server) declared.push(server);
  }
  if (doc.problems.length > 0) throw new ConfigError([...new Set(doc.problems)]);
  return declared;
}

/** The environment variable that stands for VS Code input `id`: MCP_ERRLINT_INPUT_ and the id upper-cased, every other character as `_`. */
export function inputVariable(id: string): string {
  return `MCP_ERRLINT_INPUT_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** VS Code's `${workspaceFolder}`: the folder that holds `.vscode` (or `.cursor`) when the file is in one, else the file's own folder. */
export function workspaceFolderOf(path: string): string {
  const dir = dirname(path);
  return WORKSPACE_MARKERS.includes(basename(dir)) ? dirname(dir) : dir;
}

const WORKSPACE_MARKERS = ['.vscode', '.cursor'];

/** `type` values and the transport each means; no `type` is stdio with `command`, and 'auto' with `url`. */
const TYPES: Record<string, 'stdio' | 'http' | 'sse'> = { stdio: 'stdio', http: 'http', sse: 'sse', 'streamable-http': 'http', streamableHttp: 'http' };

interface Input {
  default?: string;
}

interface Scope {
  dialect: ClientConfigDialect;
  env: ClientConfigContext['env'];
  home: string;
  workspaceFolder: string;
  inputs: Map<string, Input>;
}

/** The file's text, its syntax tree and the problems found in it, each "file:line: problem". */
class ConfigText {
  readonly problems: string[] = [];
  private readonly lineStarts = [0];

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    for (const match of text.matchAll(/\r\n|\r|\n/g)) this.lineStarts.push(match.index + match[0].length);
  }

  /** The syntax tree (comments and trailing commas allowed), or a ConfigError "file:line:col: invalid JSON: …". */
  parse(): Node {
    const errors: ParseError[] = [];
    const root = parseTree(this.text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
    if (errors.length === 0 && root !== undefined) return root;
    const { error, offset } = errors[0] ?? { error: 4, offset: 0 };
    const found = offset < this.text.length ? `, found ${JSON.stringify(String.fromCodePoint(this.text.codePointAt(offset)!))}` : ' at the end of the file';
    const line = this.lineAt(offset);
    const column = offset - this.lineStarts[line - 1] + 1;
    return this.fail(`${this.file}:${line}:${column}: invalid JSON: ${SYNTAX_ERRORS[printParseErrorCode(error)] ?? 'syntax error'}${found}`);
  }

  line(node: Node): number {
    return this.lineAt(node.offset);
  }

  problem(node: Node, message: string): void {
    this.problems.push(terminalSafe(`${this.file}:${this.line(node)}: ${message}`));
  }

  /** A ConfigError for a problem that leaves nothing else worth reading. */
  fatal(node: Node, message: string): ConfigError {
    return new ConfigError([terminalSafe(`${this.file}:${this.line(node)}: ${message}`)]);
  }

  private fail(line: string): never {
    throw new ConfigError([terminalSafe(line)]);
  }

  private lineAt(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}

const SYNTAX_ERRORS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected ',' or '}'",
  CloseBracketExpected: "expected ',' or ']'",
  EndOfFileExpected: 'expected the end of the file',
  InvalidCommentToken: 'invalid comment',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'control character in a string',
};

/** One server being read: its problems go to the document, prefixed with its name; what is substituted into it, to its secrets. */
class ServerReader {
  readonly secrets = new Set<string>();
  /** Placeholders left as written because they have no value: a value that still holds one is not checked further. */
  unresolved = 0;
  /** A disabled server is read for its shape only: a variable it lacks is no problem. */
  enabled = true;
  private readonly reported = new Set<string>();

  constructor(
    readonly doc: ConfigText,
    readonly scope: Scope,
    readonly name: string,
  ) {}

  problem(node: Node, message: string): void {
    this.doc.problem(node, `server '${this.name}': ${message}`);
  }

  secret(value: string): void {
    if (value !== '') this.secrets.add(value);
  }

  /** `value` (the string at `node`, `where` naming it) with its placeholders substituted; one without a value stays as written. */
  expand(value: string, node: Node, where: string): string {
    return value.replace(/\$\{([^}]*)\}/g, (written, body: string) => {
      const placeholder = parsePlaceholder(body, this.scope.dialect);
      const substituted = placeholder === undefined ? written : this.substitute(placeholder, body, node, where);
      if (substituted === undefined) this.unresolved++;
      return substituted ?? written;
    });
  }

  private substitute(placeholder: Placeholder, body: string, node: Node, where: string): string | undefined {
    switch (placeholder.kind) {
      case 'path':
        return placeholder.name === 'userHome'
          ? this.scope.home
          : placeholder.name === 'workspaceFolder'
            ? this.scope.workspaceFolder
            : placeholder.name === 'workspaceFolderBasename'
              ? basename(this.scope.workspaceFolder)
              : sep;
      case 'env': {
        const value = this.scope.env[placeholder.name];
        if (placeholder.fallback !== undefined && (value === undefined || value === '')) return placeholder.fallback;
        if (value === undefined) {
          const hint = this.scope.dialect === 'mcpServers' && !body.startsWith('env:') ? ` (or give a default: \${${placeholder.name}:-default})` : '';
          return this.missing(`env:${placeholder.name}`, node, `environment variable ${placeholder.name} is not set (used in ${where})${hint}`);
        }
        this.secret(value);
        return value;
      }
      case 'input': {
        const input = this.scope.inputs.get(placeholder.id);
        if (!input) return this.missing(`input:${placeholder.id}`, node, `input '${placeholder.id}' is not declared in "inputs" (used in ${where})`);
        const variable = inputVariable(placeholder.id);
        const value = this.scope.env[variable] ?? input.default;
        if (value === undefined) {
          return this.missing(`input:${placeholder.id}`, node, `input '${placeholder.id}' has no value (used in ${where}): mcp-errlint cannot prompt, so set the environment variable ${variable}`);
        }
        this.secret(value);
        return value;
      }
      case 'unsupported':
        return this.missing(`unsupported:${body}`, node, `\${${body}} ${placeholder.why} (used in ${where})`);
    }
  }

  /** A placeholder without a value: a problem once per server (when it is enabled), and the text stays as written. */
  private missing(key: string, node: Node, message: string): undefined {
    if (this.enabled && !this.reported.has(key)) {
      this.reported.add(key);
      this.problem(node, message);
    }
    return undefined;
  }
}

type Placeholder =
  | { kind: 'path'; name: 'userHome' | 'workspaceFolder' | 'workspaceFolderBasename' | 'pathSeparator' }
  | { kind: 'env'; name: string; fallback?: string }
  | { kind: 'input'; id: string }
  | { kind: 'unsupported'; why: string };

/** What `${body}` stands for in `dialect`; undefined for text that is no placeholder there (it is passed on as written, as the client would). */
function parsePlaceholder(body: string, dialect: ClientConfigDialect): Placeholder | undefined {
  if (body === 'userHome' || body === 'workspaceFolder' || body === 'workspaceFolderBasename' || body === 'pathSeparator') return { kind: 'path', name: body };
  if (body === '/') return { kind: 'path', name: 'pathSeparator' };
  if (body.startsWith('env:')) return body.length > 4 ? { kind: 'env', name: body.slice(4) } : { kind: 'unsupported', why: 'names no variable' };
  if (dialect === 'vscode') {
    if (body.startsWith('input:')) return body.length > 6 ? { kind: 'input', id: body.slice(6) } : { kind: 'unsupported', why: 'names no input' };
    if (/^(?:config|command):/.test(body)) return { kind: 'unsupported', why: 'is resolved by VS Code itself: mcp-errlint cannot' };
    return undefined;
  }
  const variable = /^([A-Za-z_][A-Za-z0-9_]*)(?::-([\s\S]*))?$/.exec(body);
  if (!variable) return undefined;
  if (variable[2]?.includes('${')) return { kind: 'unsupported', why: 'nests a placeholder in its default: not supported' };
  return { kind: 'env', name: variable[1], fallback: variable[2] };
}

function readServer(reader: ServerReader, key: Node, value: Node): DeclaredServer | undefined {
  if (value.type !== 'object') {
    reader.problem(value, `must be an object, not ${describe(value)}`);
    return undefined;
  }
  const fields = properties(value);
  const field = (name: string): Node | undefined => fields.get(name)?.value;
  const disabled = field('disabled');
  if (disabled && disabled.type !== 'boolean') reader.problem(disabled, '"disabled" must be true or false');
  reader.enabled = disabled?.value !== true;

  const typeNode = field('type');
  let type: 'stdio' | 'http' | 'sse' | undefined;
  if (typeNode) {
    type = typeNode.type === 'string' ? TYPES[typeNode.value as string] : undefined;
    if (type === undefined) {
      const written = typeNode.type === 'string' ? `'${typeNode.value}'` : describe(typeNode);
      reader.problem(typeNode, `unknown "type" ${written}${typeNode.type === 'string' ? didYouMean(typeNode.value as string, Object.keys(TYPES)) : ''} (expected ${Object.keys(TYPES).join(', ')})`);
      return undefined;
    }
  }
  const urlKey = fields.has('serverUrl') ? 'serverUrl' : 'url';
  const url = field(urlKey);
  const command = field('command');

  let target: ServerTarget | undefined;
  if (type === 'stdio' || (type === undefined && !url && command)) {
    if (!command) reader.problem(typeNode ?? key, '"type": "stdio" needs "command"');
    else target = readStdio(reader, command, field);
  } else if (type !== undefined || url) {
    if (!url) reader.problem(typeNode ?? key, `"type": "${typeNode?.value}" needs "url"`);
    else target = readHttp(reader, url, urlKey, field('headers'), type ?? 'auto');
  } else {
    reader.problem(key, `has neither "command" (a server to start) nor "url" (a server to reach)`);
  }
  if (!target) return undefined;
  return {
    name: reader.name,
    file: reader.doc.file,
    line: reader.doc.line(key),
    target,
    secrets: [...reader.secrets],
    ...(reader.enabled ? {} : { skipped: 'disabled in the file ("disabled": true)' }),
  };
}

function readStdio(reader: ServerReader, commandNode: Node, field: (name: string) => Node | undefined): StdioTarget | undefined {
  const { scope } = reader;
  let command: string | undefined;
  if (commandNode.type !== 'string' || (commandNode.value as string).trim() === '') reader.problem(commandNode, '"command" must be a non-empty string');
  else command = reader.expand(commandNode.value as string, commandNode, 'command');

  let args: string[] = [];
  const argsNode = field('args');
  if (argsNode) {
    const items = argsNode.children ?? [];
    if (argsNode.type !== 'array' || items.some((item) => item.type !== 'string')) reader.problem(argsNode, '"args" must be an array of strings');
    else args = items.map((item, i) => reader.expand(item.value as string, item, `args[${i}]`));
  }

  let env: Record<string, string> | undefined;
  const envFileNode = field('envFile');
  if (envFileNode) {
    if (envFileNode.type !== 'string') reader.problem(envFileNode, `"envFile" must be a string, not ${describe(envFileNode)}`);
    else env = readEnvFile(reader, envFileNode);
  }
  const envNode = field('env');
  if (envNode) {
    const declared = stringMap(reader, envNode, 'env');
    if (declared) env = { ...env, ...declared };
  }

  let cwd: string | undefined;
  const cwdNode = field('cwd');
  if (cwdNode) {
    if (cwdNode.type !== 'string') reader.problem(cwdNode, `"cwd" must be a string, not ${describe(cwdNode)}`);
    else cwd = resolve(scope.workspaceFolder, reader.expand(cwdNode.value as string, cwdNode, 'cwd'));
  }
  if (command === undefined) return undefined;
  return { command, args, ...(cwd === undefined ? {} : { cwd }), ...(env === undefined ? {} : { env }) };
}

function readHttp(reader: ServerReader, urlNode: Node, urlKey: string, headersNode: Node | undefined, transport: HttpTransportKind): HttpTarget | undefined {
  let url: string | undefined;
  if (urlNode.type !== 'string') reader.problem(urlNode, `"${urlKey}" must be a string, not ${describe(urlNode)}`);
  else {
    const before = reader.unresolved;
    url = reader.expand(urlNode.value as string, urlNode, urlKey);
    // The value is never printed: it may hold a substituted secret.
    if (reader.unresolved === before && !isHttpUrl(url)) reader.problem(urlNode, `"${urlKey}" must be an http:// or https:// URL`);
  }
  let headers: Record<string, string> | undefined;
  if (headersNode) {
    headers = stringMap(reader, headersNode, 'headers');
    for (const value of Object.values(headers ?? {})) reader.secret(value);
  }
  if (url === undefined) return undefined;
  return { url, ...(headers === undefined ? {} : { headers }), transport };
}

/** An object of strings (`env`, `headers`), each value expanded; undefined (and a problem per wrong value) when it is not one. */
function stringMap(reader: ServerReader, node: Node, name: string): Record<string, string> | undefined {
  if (node.type !== 'object') {
    reader.problem(node, `"${name}" must be an object of strings, not ${describe(node)}`);
    return undefined;
  }
  const map: Record<string, string> = {};
  let ok = true;
  for (const [key, { value }] of properties(node)) {
    if (value.type !== 'string') {
      reader.problem(value, `${name}.${key} must be a string, not ${describe(value)}`);
      ok = false;
    } else map[key] = reader.expand(value.value as string, value, `${name}.${key}`);
  }
  return ok ? map : undefined;
}

/** The variables of an `envFile` (NAME=value lines, `#` comments, optional `export ` and quotes): every value is a secret. */
function readEnvFile(reader: ServerReader, node: Node): Record<string, string> | undefined {
  const written = node.value as string;
  const before = reader.unresolved;
  const path = resolve(reader.scope.workspaceFolder, reader.expand(written, node, 'envFile'));
  if (reader.unresolved > before) return undefined; // already a problem (or a disabled server): nothing to read
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    reader.problem(node, `envFile '${written}' cannot be read: ${whyUnreadable(error)}`);
    return undefined;
  }
  const env: Record<string, string> = {};
  text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).forEach((line, i) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(trimmed);
    if (!match) return reader.problem(node, `envFile '${written}' line ${i + 1}: expected NAME=value`);
    const raw = match[2];
    const value = /^"[\s\S]*"$/.test(raw)
      ? raw.slice(1, -1).replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1')
      : /^'[\s\S]*'$/.test(raw)
        ? raw.slice(1, -1)
        : raw.replace(/\s+#.*$/, '');
    env[match[1]] = value;
    reader.secret(value);
  });
  return env;
}

/** VS Code's `inputs`: id → default. A malformed entry is a problem; its id, if any, still counts as declared. */
function readInputs(doc: ConfigText, node: Node | undefined): Map<string, Input> {
  const inputs = new Map<string, Input>();
  if (!node) return inputs;
  if (node.type !== 'array') {
    doc.problem(node, `"inputs" must be an array, not ${describe(node)}`);
    return inputs;
  }
  (node.children ?? []).forEach((item, i) => {
    if (item.type !== 'object') return doc.problem(item, `inputs[${i}] must be an object, not ${describe(item)}`);
    const fields = properties(item);
    const id = fields.get('id')?.value;
    if (id?.type !== 'string' || id.value === '') return doc.problem(item, `inputs[${i}] needs an "id" string`);
    const fallback = fields.get('default')?.value;
    if (fallback && fallback.type !== 'string') doc.problem(fallback, `inputs[${i}].default must be a string, not ${describe(fallback)}`);
    inputs.set(id.value as string, fallback?.type === 'string' ? { default: fallback.value as string } : {});
  });
  return inputs;
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** An object node's properties in file order, duplicates included. */
function entries(node: Node): { key: Node; value: Node }[] {
  return (node.children ?? []).flatMap((property) => {
    const [key, value] = property.children ?? [];
    return key && value ? [{ key, value }] : [];
  });
}

/** An object node's properties by name; the last of duplicates wins, as in JSON.parse. */
function properties(node: Node): Map<string, { key: Node; value: Node }> {
  return new Map(entries(node).map((entry) => [String(entry.key.value), entry]));
}

function describe(node: Node): string {
  if (node.type === 'boolean') return String(node.value);
  if (node.type === 'null') return 'null';
  return node.type === 'array' || node.type === 'object' ? `an ${node.type}` : `a ${node.type}`;
}
