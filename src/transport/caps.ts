// Caps on what the linter keeps of a server's output and of its own pending writes: each cap hit is reported once, with how much it cut.

interface CapHit {
  times: number;
  amount: number;
  describe: (times: number, amount: number) => string;
}

/** The caps a session hit, each with a running count and amount; read once, as the report is assembled. */
export class CapLog {
  private readonly hits = new Map<string, CapHit>();

  /** Count one more hit of the cap `key` (`amount`: what it cut, e.g. characters dropped). */
  hit(key: string, amount: number, describe: CapHit['describe']): void {
    const entry = this.hits.get(key) ?? { times: 0, amount: 0, describe };
    entry.times++;
    entry.amount += amount;
    this.hits.set(key, entry);
  }

  has(key: string): boolean {
    return this.hits.has(key);
  }

  /** One line per cap hit, in the order they were first hit. */
  get messages(): string[] {
    return [...this.hits.values()].map((hit) => hit.describe(hit.times, hit.amount));
  }
}

/**
 * At most `max` characters of `text` as a string of their own: a plain `slice()` would keep the whole parent string
 * alive in V8 (a 4 KB excerpt of a 1 MB line would hold the megabyte), so the excerpt is copied.
 */
export function ownCopy(text: string, max = text.length): string {
  return (' ' + text.slice(0, max)).slice(1);
}

/** The last `max` characters of `text`, copied (see ownCopy). */
export function ownTail(text: string, max: number): string {
  return text.length <= max ? text : (' ' + text.slice(-max)).slice(1);
}

/** "1.5 MB", "640 KB", "12 B": a size in characters or bytes, for cap messages. */
export function formatSize(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} B`;
}
