// JSON written inside a text ("Error: Invalid arguments: [ {…} ] Please try again"): each object or array that parses.
const MAX_TEXT = 200_000;
const MAX_VALUES = 8;
/** Openings tried at most: a text of brackets that never close would otherwise cost a scan per bracket. */
const MAX_TRIES = 64;

/** The end (exclusive) of the JSON object or array opening at `start`, by bracket matching outside strings; -1 when it never closes. */
function closingOf(text: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') stack.push(c === '{' ? '}' : ']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

/** Every outermost JSON object or array inside `text` that parses, in order. */
export function embeddedJson(text: string): unknown[] {
  const found: unknown[] = [];
  const t = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  let tries = 0;
  for (let i = 0; i < t.length && found.length < MAX_VALUES && tries < MAX_TRIES; i++) {
    if (t[i] !== '{' && t[i] !== '[') continue;
    // An array or object of JSON starts with a quote, a bracket, a digit or a closing bracket after blanks.
    if (!/^[[{]\s*(?:["{[\]}\d-]|true|false|null)/.test(t.slice(i, i + 12))) continue;
    tries++;
    const end = closingOf(t, i);
    if (end < 0) continue;
    try {
      found.push(JSON.parse(t.slice(i, end)));
      i = end - 1;
    } catch {
      // not JSON after all (a Python repr, a template): look further in
    }
  }
  return found;
}
