// The secrets of a server's command line, found once: which flags, headers, URL parts and parameters hold one, how the
// arguments are shown ($NAME), that a replay's shell words give back the very arguments, and that echoes are redacted.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CommandLineSecrets, isSecretName, shellWord, shownTarget, shownText, variablesOf } from '../../src/target/command-secrets.js';
import { redact } from '../../src/matchers/secrets.js';

/** The arguments as a report shows them. */
const shown = (args: string[]) => new CommandLineSecrets().args(args).map(shownText);

describe('isSecretName', () => {
  it.each(['--token', '--TOKEN', '-token', '--api-key', '--api_key', '--apiKey', '--APIKEY', '--apikey', '--password', '--passwd', '--secret', '--client-secret', '--Client_Secret', '--auth', '--access-token', '--private-key', '--github-token', '--auth-token', '--secret-key', '--openai-api-key', 'Authorization', 'X-Api-Key', 'Cookie', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'PGPASSWORD', 'key', 'sig', 'signature', 'access_token'])('%s names a credential', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each(['--tokenizer', '--author', '--max-tokens', '--no-auth', '--auth-type', '--token-file', '--sort-key', '--keyboard', '--passthrough', '--secretary', '--name', '--url', 'X-Trace', 'page', 'monkey'])('%s does not', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

describe('a server command line as shown', () => {
  it.each([
    // Both forms, case and separator variants, single dash.
    [['--token', 'abc123'], ['--token', '$TOKEN']],
    [['--token=abc123'], ['--token=$TOKEN']],
    [['--TOKEN', 'abc123'], ['--TOKEN', '$TOKEN']],
    [['-token', 'abc123'], ['-token', '$TOKEN']],
    [['--api-key', 'k-123456'], ['--api-key', '$API_KEY']],
    [['--api_key=k-123456'], ['--api_key=$API_KEY']],
    [['--apiKey', 'k-123456'], ['--apiKey', '$API_KEY']],
    [['--APIKEY=k-123456'], ['--APIKEY=$APIKEY']],
    [['--password', 'pw'], ['--password', '$PASSWORD']],
    [['--passwd=pw'], ['--passwd=$PASSWD']],
    [['--secret', 's'], ['--secret', '$SECRET']],
    [['-Client_Secret', 's'], ['-Client_Secret', '$CLIENT_SECRET']],
    [['--client-secret=s'], ['--client-secret=$CLIENT_SECRET']],
    [['--auth', 'user:pass'], ['--auth', '$AUTH']],
    [['--access-token', 't'], ['--access-token', '$ACCESS_TOKEN']],
    [['--private-key=-----BEGIN KEY-----'], ['--private-key=$PRIVATE_KEY']],
    // Authorization and bearer values inside an argument (mcp-remote's --header).
    [['--header', 'Authorization: Bearer xyz789'], ['--header', 'Authorization: Bearer $AUTHORIZATION']],
    [['--header', 'authorization:Basic dXNlcjpwYXNz'], ['--header', 'authorization:Basic $AUTHORIZATION']],
    [['--header', 'X-Api-Key: k1'], ['--header', 'X-Api-Key: $X_API_KEY']],
    [['--auth-header=Bearer abcdef123'], ['--auth-header=Bearer $BEARER_TOKEN']],
    // URL user-info and key-like parameters, in any argument.
    [['https://me:pa55@api.example.test/v1?api_key=k&token=t&key=kk&page=2'], ['https://$URL_USER:$URL_PASSWORD@api.example.test/v1?api_key=$API_KEY&token=$TOKEN&key=$KEY&page=2']],
    [['--db', 'postgres://admin:hunter22@db/app'], ['--db', 'postgres://$URL_USER:$URL_PASSWORD@db/app']],
    [['https://h/x?secret=s1&access_token=a1&password=p1&sig=g1&signature=g2'], ['https://h/x?secret=$SECRET&access_token=$ACCESS_TOKEN&password=$PASSWORD&sig=$SIG&signature=$SIGNATURE']],
    [['https://ghp0token1@github.com/o/r'], ['https://$URL_USER@github.com/o/r']],
    // name=value words (docker -e, connection strings).
    [['-e', 'GITHUB_TOKEN=ghx1'], ['-e', 'GITHUB_TOKEN=$GITHUB_TOKEN']],
    [['--conn=Server=db;Password=pw1;Database=app'], ['--conn=Server=db;Password=$PASSWORD;Database=app']],
    [['--env=API_TOKEN=t1'], ['--env=API_TOKEN=$API_TOKEN']],
  ])('%j is shown as %j', (args, expected) => {
    expect(shown(args)).toEqual(expected);
  });

  it.each([
    [['--tokenizer', 'gpt2-xl-000']],
    [['--author', 'ada-lovelace']],
    [['--max-tokens', '100000']],
    [['--no-auth', 'positional']],
    [['--name', 'abc123def']],
    [['--sort-key', 'created_at']],
    [['--token-file', '/run/secrets/token']],
    [['--token', '--verbose']],
    [['--token=']],
    [['--header', 'X-Trace: 12345678']],
    [['https://api.example.test/v1?page=2&q=token']],
    [['-y', '@modelcontextprotocol/server-github', 'Bearer']],
  ])('%j is left alone', (args) => {
    expect(new CommandLineSecrets().args(args)).toEqual(args);
  });

  it('shows a value repeated in another word as the same variable, and two values of one name as two variables', () => {
    expect(shown(['--token', 'abc123xyz', '--label', 'abc123xyz', '--Token', 'other-99'])).toEqual(['--token', '$TOKEN', '--label', '$TOKEN', '--Token', '$TOKEN_2']);
  });

  it('writes ${NAME} where a letter follows, and never takes over a shell variable', () => {
    const secrets = new CommandLineSecrets();
    expect(shownText(secrets.env('HOME', '/home/ada'))).toBe('HOME=$SERVER_HOME');
    expect(shownText(['pre-', { env: 'TOKEN' }, 'suffix'])).toBe('pre-${TOKEN}suffix');
  });

  it('shows a URL target with its user-info and key parameters as variables, and nothing when it has none', () => {
    expect(shownTarget({ url: 'https://u:p4ss@mcp.example.test/mcp?token=t0k' }).map(shownText)).toEqual(['https://$URL_USER:$URL_PASSWORD@mcp.example.test/mcp?token=$TOKEN']);
    expect(shownTarget({ url: 'http://127.0.0.1:3000/mcp' })).toEqual(['http://127.0.0.1:3000/mcp']);
    expect(shownTarget({ command: 'node', args: ['s.js', '--token', 'x'] }).map(shownText)).toEqual(['node', 's.js', '--token', '$TOKEN']);
  });
});

describe('what is kept for redaction', () => {
  it('keeps credentials, the short ones in their context only, and the rest of the environment as private', () => {
    const secrets = new CommandLineSecrets();
    secrets.args(['--token', 'long-token-1', '--password', 'pw9', 'https://someuser:url-pass-1@h/']);
    secrets.env('API_TOKEN', 'env-token-1');
    secrets.env('REGION', 'eu-west-1');
    expect(secrets.secrets).toEqual(['long-token-1', 'pw9', 'url-pass-1', 'env-token-1']);
    expect(secrets.private).toEqual(['eu-west-1']);
    // The user name is a credential only where it stands in a URL: alone it is a word like any other.
    expect(secrets.secrets).not.toContain('someuser');
    const echo = (text: string) => redact(text, { extraPatterns: secrets.patterns() });
    expect(echo('argv --token long-token-1 --password pw9; at https://someuser:x@h/ with env-token-1 in eu-west-1')).toBe(
      'argv --token [REDACTED:custom] --password [REDACTED:custom]; at https://[REDACTED:custom]:[REDACTED:url-credentials]@h/ with [REDACTED:custom] in [REDACTED:custom]',
    );
    // Node's own view of argv quotes each word: the short one is found there too; elsewhere it is left alone.
    expect(echo("[ '--password', 'pw9' ] and pw9 alone")).toBe("[ '--password', '[REDACTED:custom]' ] and pw9 alone");
    expect(echo('someuser logged in')).toBe('someuser logged in');
  });

  it('keeps the decoded form of a percent-encoded value too', () => {
    const secrets = new CommandLineSecrets();
    secrets.args(['https://h/x?token=a%2Fb%3Dc123']);
    expect(secrets.secrets).toEqual(['a%2Fb%3Dc123', 'a/b=c123']);
  });
});

describe('shell words', () => {
  /** What a POSIX shell makes of the words, with these variables set. */
  const throughShell = (words: string[], env: Record<string, string>) =>
    execFileSync('sh', ['-c', `for a in ${words.join(' ')}; do printf '%s\\n' "$a"; done`], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' }).split('\n').slice(0, -1);

  it.each([
    [['--token', 'abc 123$x'], { TOKEN: 'abc 123$x' }],
    [['--api-key=k"e`y'], { API_KEY: 'k"e`y' }],
    [['--header', "Authorization: Bearer it's"], { AUTHORIZATION: "it's" }],
    [['https://u:p@h/x?token=t&q=a$b'], { URL_USER: 'u', URL_PASSWORD: 'p', TOKEN: 't' }],
    [['--db', "pg://u:p@h/it's"], { URL_USER: 'u', URL_PASSWORD: 'p' }],
    [['plain', "it's"], {}],
  ])('%j: the replay words give back the arguments from the environment', (args, env) => {
    const words = new CommandLineSecrets().args(args);
    expect(variablesOf(words).sort()).toEqual(Object.keys(env).sort());
    expect(throughShell(words.map(shellWord), env)).toEqual(args);
  });
});
