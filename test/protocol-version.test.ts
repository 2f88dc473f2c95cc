// Typed protocol version comparisons: known versions in release order, unknown ones never "newest".
import { describe, expect, it } from 'vitest';
import { knownVersion, versionAtLeast } from '../src/protocol-version.js';

describe('protocol versions', () => {
  it('compares known versions in release order', () => {
    expect(versionAtLeast('2025-11-25', '2025-11-25')).toBe(true);
    expect(versionAtLeast('2026-07-28', '2025-06-18')).toBe(true);
    expect(versionAtLeast('2025-06-18', '2025-11-25')).toBe(false);
    expect(versionAtLeast('2024-11-05', '2025-03-26')).toBe(false);
  });

  it('never treats an unknown version as the newest, though string order would', () => {
    for (const version of ['unknown', 'latest', '2099-01-01', 'garbage', '']) {
      expect(knownVersion(version)).toBeUndefined();
      expect(versionAtLeast(version, '2024-11-05')).toBe(false);
      expect(versionAtLeast(version, '2026-07-28')).toBe(false);
    }
  });
});
