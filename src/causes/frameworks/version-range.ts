// A framework's version as far as its answers tell: the bounds each clue gives, intersected, written as an npm range.

/** What one clue says of the version: its major, the first version that shows it, the first that no longer does. */
export interface Bounds {
  major?: number;
  /** The clue appeared in this version ("1.21.0"). */
  min?: string;
  /** The clue is gone from this version on ("1.30.0"). */
  below?: string;
}

const parts = (version: string) => version.split('.').map(Number);

/** Compares two plain x.y.z versions. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The bounds every clue allows, or undefined when two clues contradict each other (then no version is told). */
export function intersect(clues: readonly Bounds[]): Bounds | undefined {
  const out: Bounds = {};
  for (const clue of clues) {
    if (clue.major !== undefined) {
      if (out.major !== undefined && out.major !== clue.major) return undefined;
      out.major = clue.major;
    }
    if (clue.min !== undefined && (out.min === undefined || compareVersions(clue.min, out.min) > 0)) out.min = clue.min;
    if (clue.below !== undefined && (out.below === undefined || compareVersions(clue.below, out.below) < 0)) out.below = clue.below;
  }
  if (out.major !== undefined) {
    const floor = `${out.major}.0.0`;
    const ceiling = `${out.major + 1}.0.0`;
    if (out.min !== undefined && compareVersions(out.min, ceiling) >= 0) return undefined;
    if (out.below !== undefined && compareVersions(out.below, floor) <= 0) return undefined;
    // A bound that reaches past the major says nothing more than the major does.
    if (out.min !== undefined && compareVersions(out.min, floor) <= 0) delete out.min;
    if (out.below !== undefined && compareVersions(out.below, ceiling) >= 0) delete out.below;
  }
  if (out.min !== undefined && out.below !== undefined && compareVersions(out.min, out.below) >= 0) return undefined;
  return out;
}

/** The bounds as an npm range: ">=1.30.0 <2.0.0", ">=1.21.0 <1.30.0", "<1.23.0", "2.x"; undefined when nothing is known. */
export function formatRange(bounds: Bounds | undefined): string | undefined {
  if (bounds === undefined) return undefined;
  const { major } = bounds;
  const min = bounds.min ?? (major !== undefined && major > 0 ? `${major}.0.0` : undefined);
  const ceiling = major !== undefined ? `${major + 1}.0.0` : undefined;
  const below = bounds.below ?? ceiling;
  if (major !== undefined && bounds.min === undefined && bounds.below === undefined) return `${major}.x`;
  const range = [min !== undefined ? `>=${min}` : '', below !== undefined ? `<${below}` : ''].filter(Boolean).join(' ');
  return range === '' ? undefined : range;
}
