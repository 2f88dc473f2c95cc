// A server command line with a fake secret in every form the linter must never print, and the check that no text
// shows any of them, whole or by its first half (test/report and test/e2e command-line-secrets tests).
import { expect } from 'vitest';

/** Fake secrets, one per form; none has a known credential format. */
export const SECRETS = {
  token: 'tokFAKEq1w2e3r4', // --token v
  apiKey: 'keyFAKEt5y6u7i8', // --api-key=v
  clientSecret: 'csFAKEo9p0a1s2', // -Client_Secret v
  bearer: 'brFAKEd3f4g5h6j7', // --header "Authorization: Bearer v"
  urlUser: 'uuFAKEj7k8', // https://user:…@
  urlPassword: 'upFAKEl9z0x1', // https://…:password@
  queryKey: 'qkFAKEc2v3b4', // ?api_key=
  signature: 'sgFAKEn5m6q7', // &sig=
  short: 'Qz7Xw', // --password v: too short to redact alone
  envToken: 'etFAKEw8e9r0', // -e ECHO_API_TOKEN=v
  envPrivate: 'pvFAKEt1y2u3', // -e ECHO_REGION=v: not a credential, never printed either
};

export const SERVER_ARGS = [
  '--token', SECRETS.token,
  `--api-key=${SECRETS.apiKey}`,
  '-Client_Secret', SECRETS.clientSecret,
  '--header', `Authorization: Bearer ${SECRETS.bearer}`,
  '--upstream', `https://${SECRETS.urlUser}:${SECRETS.urlPassword}@api.example.test/v1?api_key=${SECRETS.queryKey}&sig=${SECRETS.signature}&page=2`,
  '--password', SECRETS.short,
  '--tokenizer', 'gpt2-xl', '--author', 'ada-lovelace',
];
export const ENV_FLAGS = [`ECHO_API_TOKEN=${SECRETS.envToken}`, `ECHO_REGION=${SECRETS.envPrivate}`];

/** Every text in which no secret may appear, whole or by its first half. */
export function expectNoSecret(texts: Record<string, string>): void {
  for (const [where, text] of Object.entries(texts)) {
    for (const secret of Object.values(SECRETS)) {
      expect(text, `${secret} in ${where}`).not.toContain(secret);
      expect(text, `half of ${secret} in ${where}`).not.toContain(secret.slice(0, Math.ceil(secret.length / 2)));
    }
  }
}
