// The Bearer scheme (RFC 6750) read and written: the parameters of a WWW-Authenticate challenge, and a decoy token of a token's shape.

/** One challenge of a WWW-Authenticate value: its scheme and its auth-params (names lower-cased). */
export interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;

/**
 * The challenges of a WWW-Authenticate value (RFC 9110 §11.6.1): `Bearer realm="x", error="invalid_token", Basic
 * realm="y"` is two. Anything unreadable is skipped; a token68 credential is not told from a scheme (no Bearer challenge
 * carries one).
 */
export function challenges(header: string): Challenge[] {
  const found: Challenge[] = [];
  let at = 0;
  const token = (): string => {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(header);
    if (!m) return '';
    at = TOKEN.lastIndex;
    return m[0];
  };
  const spaces = () => {
    while (header[at] === ' ' || header[at] === '\t') at++;
  };
  while (at < header.length) {
    while (at < header.length && /[\s,]/.test(header[at])) at++;
    const word = token();
    if (word === '') {
      at++;
      continue;
    }
    spaces();
    if (header[at] !== '=' || found.length === 0) {
      found.push({ scheme: word, params: {} });
      continue;
    }
    at++;
    spaces();
    found[found.length - 1].params[word.toLowerCase()] = header[at] === '"' ? quoted() : token();
  }
  return found;

  function quoted(): string {
    let value = '';
    for (at++; at < header.length && header[at] !== '"'; at++) value += header[at] === '\\' ? header[++at] ?? '' : header[at];
    at++;
    return value;
  }
}

/** The auth-params of the Bearer challenge in a WWW-Authenticate value, or undefined when it has none. */
export function bearerChallenge(header: string | undefined): Record<string, string> | undefined {
  return header === undefined ? undefined : challenges(header).find((c) => c.scheme.toLowerCase() === 'bearer')?.params;
}

/** RFC 6750's b64token (RFC 7235's token68): what a Bearer credential must look like. */
export const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * An Authorization value of `value`'s scheme whose credentials keep their shape (length, separators, letter case, digits)
 * and are made of a fixed filler: a token a server that checks tokens refuses, and that owes nothing to the user's
 * beyond its shape. A value without a scheme (an API key alone) is shaped as a whole.
 */
export function decoyAuthorization(value: string): string {
  const m = /^(\S+)(\s+)(\S.*)$/.exec(value.trim());
  return m ? `${m[1]}${m[2]}${decoyToken(m[3])}` : decoyToken(value.trim());
}

function decoyToken(token: string): string {
  // A hex token stays hex; any other takes letters of "errlint", or of "x" should that give the token back.
  const hex = /^[0-9a-fA-F]+$/.test(token);
  const shaped = (letters: string, digit: string) => {
    let n = 0;
    return [...token].map((c) => (/[a-z]/.test(c) ? letters[n++ % letters.length] : /[A-Z]/.test(c) ? letters[n++ % letters.length].toUpperCase() : /[0-9]/.test(c) ? digit : c)).join('');
  };
  const first = shaped(hex ? 'e' : 'errlint', '0');
  return first !== token ? first : shaped(hex ? 'f' : 'x', '1');
}
