// JSON parsing that names where a syntax error is (line and column), in the same words on every Node version.

export type JsonParse = { ok: true; value: unknown } | { ok: false; line: number; column: number; message: string };

export function parseJson(text: string): JsonParse {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (error) {
    const found = locateSyntaxError(body) ?? { offset: 0, message: String((error as Error).message).split('\n')[0] };
    const before = body.slice(0, found.offset).split('\n');
    return { ok: false, line: before.length, column: before[before.length - 1].length + 1, message: found.message };
  }
}

class Stop {
  constructor(readonly offset: number, readonly message: string) {}
}

/** Where JSON.parse gave up, and what it expected there; null if the scanner finds no error. */
function locateSyntaxError(text: string): { offset: number; message: string } | null {
  let i = 0;
  const fail = (expected: string): never => {
    throw new Stop(i, i >= text.length ? `unexpected end of file, expected ${expected}` : `expected ${expected}, found ${JSON.stringify(String.fromCodePoint(text.codePointAt(i)!))}`);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const token = (pattern: RegExp): boolean => {
    pattern.lastIndex = i;
    const match = pattern.exec(text);
    if (match) i += match[0].length;
    return match !== null;
  };
  const string = () => {
    if (!token(/"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/y)) {
      token(/"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*/y);
      fail('the end of the string (")');
    }
  };
  const value = (): void => {
    space();
    if (text[i] === '{' || text[i] === '[') {
      const close = text[i] === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) return void i++;
      for (;;) {
        space();
        if (close === '}') {
          if (text[i] !== '"') fail('a property name in double quotes');
          string();
          space();
          if (text[i] !== ':') fail("':'");
          i++;
        }
        value();
        space();
        if (text[i] === close) return void i++;
        if (text[i] !== ',') fail(`',' or '${close}'`);
        i++;
      }
    }
    if (text[i] === '"') return string();
    if (!token(/-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y)) fail('a value');
  };
  try {
    value();
    space();
    if (i < text.length) fail('the end of the file');
    return null;
  } catch (stop) {
    if (stop instanceof Stop) return stop;
    throw stop;
  }
}
