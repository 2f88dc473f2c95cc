// "Did you mean …?" for a mistyped name: the closest known name by edit distance, if one is close enough.

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The known name closest to `name`, when at most a third of it (and at least 2 characters) differs. */
export function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

/** ` (did you mean 'x'?)`, or '' when nothing is close. */
export function didYouMean(name: string, known: readonly string[]): string {
  const match = closest(name, known);
  return match === undefined ? '' : ` (did you mean '${match}'?)`;
}
