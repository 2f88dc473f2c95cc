// Strings for a server's `pattern` (and length bounds) without any loop a hostile or contradictory schema can make endless.
import fc from 'fast-check';
import { safeRegExp } from '../util/safe-regex.js';

/** Draws a bounded filter makes before it gives up and hands out an unfiltered value (callers check with ajv). */
const FILTER_ATTEMPTS = 50;
/** Shrink candidates a bounded filter looks at before it stops offering smaller values. */
const SHRINK_SCAN = 500;
/** Unicode property escapes one pattern may use: fast-check scans every code point (≈0.2 s) for each new one. */
const MAX_PROPERTY_ESCAPES = 3;
/** What fast-check draws for a negated class or `.`: printable ASCII, so a class that excludes all of it never yields. */
const DRAWN_CHARS = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

/**
 * `arb.filter(keep)` that cannot spin forever: fast-check's filter redraws until the predicate holds, so a predicate no
 * value meets (minItems above the distinct items there are, a pattern longer than maxLength) blocks the event loop for
 * good. This one gives up after a few draws and returns the last value as it is.
 */
class BoundedFilter<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly arb: fc.Arbitrary<T>,
    private readonly keep: (value: T) => boolean,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    let drawn = this.arb.generate(mrng, biasFactor);
    for (let attempt = 1; attempt < FILTER_ATTEMPTS && !this.keep(drawn.value); attempt++) drawn = this.arb.generate(mrng, biasFactor);
    return drawn;
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.arb.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    const candidates = this.arb.shrink(value, context);
    const keep = this.keep;
    return new fc.Stream(
      (function* () {
        let scanned = 0;
        for (const candidate of candidates) {
          if (++scanned > SHRINK_SCAN) return;
          if (keep(candidate.value)) yield candidate;
        }
      })(),
    );
  }
}

/** A filter that tries a few draws, then lets a value through unfiltered: for constraints the caller checks afterwards. */
export function boundedFilter<T>(arb: fc.Arbitrary<T>, keep: (value: T) => boolean): fc.Arbitrary<T> {
  return new BoundedFilter(arb, keep);
}

/** The negated character classes of a pattern, as source text with their brackets (in ECMAScript `]` always closes a class). */
export function negatedClasses(pattern: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') i++;
    else if (start < 0 && c === '[') start = i;
    else if (start >= 0 && c === ']') {
      if (pattern[start + 1] === '^') out.push(pattern.slice(start, i + 1));
      start = -1;
    }
  }
  return out;
}

/**
 * Why fast-check's generator cannot be trusted with this pattern (it would spin or stall), or undefined. The generator
 * never runs the pattern itself (it builds strings from its syntax tree), but a negated class is drawn by filtering
 * printable ASCII, and each Unicode property escape costs a scan of every code point.
 */
export function generationHazard(pattern: string): string | undefined {
  const properties = new Set(pattern.match(/\\[pP]\{[^}]*\}/g) ?? []);
  if (properties.size > MAX_PROPERTY_ESCAPES) return `it uses ${properties.size} Unicode property escapes`;
  for (const cls of negatedClasses(pattern)) {
    let re;
    try {
      re = safeRegExp(`^${cls}$`, 'u');
    } catch {
      return `its class ${cls} cannot be checked`;
    }
    if (!DRAWN_CHARS.some((c) => re.test(c))) return `its class ${cls} excludes every printable ASCII character`;
  }
  return undefined;
}

/** The pattern as a JavaScript RegExp for fast-check to read (u mode, as ajv compiles it, else legacy mode). */
function jsRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

/**
 * Strings matching a schema `pattern`, as long as the length bounds allow (best effort: a pattern whose strings cannot
 * fit them yields some that do not), or undefined when the pattern cannot be matched safely or generated from.
 */
export function patternArbitrary(pattern: unknown, bounds: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> | undefined {
  if (typeof pattern !== 'string') return undefined;
  try {
    safeRegExp(pattern, 'u'); // a pattern ajv cannot check safely makes no value it could confirm
    if (generationHazard(pattern) !== undefined) return undefined;
    let arb = fc.stringMatching(jsRegExp(pattern), { size: 'small' });
    const { minLength = 0, maxLength = Infinity } = bounds;
    if (minLength > 0 || maxLength < Infinity) {
      arb = boundedFilter(arb, (s) => {
        const length = [...s].length;
        return length >= minLength && length <= maxLength;
      });
    }
    fc.sample(arb, { numRuns: 3, seed: 1 }); // unsupported regex syntax only fails when generating
    return arb;
  } catch {
    return undefined;
  }
}
