// Shared by the corpus and the benchmark: cutting a server off from the network, and reading a JSON file that may be missing.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** How to cut a server off from the network: root may unshare directly, anyone else through a user namespace. */
export function detectNetns() {
  const lo = ['sh', '-c', 'ip link set lo up && exec "$@"', 'netns'];
  for (const flags of [['-n'], ['-rn']]) {
    const r = spawnSync('unshare', [...flags, '--', ...lo, 'true'], { stdio: 'ignore' });
    if (r.status === 0) return { prefix: ['unshare', ...flags, '--', ...lo], how: `unshare ${flags.join(' ')} (loopback only)` };
  }
  return { prefix: [], how: 'not enforced: unshare -n failed here' };
}

/** The parsed file, or null when it is missing or not JSON. */
export function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
