// The one call that forgets every cache keyed by schema objects: compiled validators, checked defaults, base arguments.
import { releaseBaseArguments } from './arbitraries.js';
import { releaseCheckedDefaults } from './values.js';
import { releaseValidators } from './validate.js';

/**
 * Forget every cached validator, base argument and derived schema. The caches are keyed by schema objects, and a
 * server's tools (with their schemas) live for the whole run: without this, each tool's compiled validator stays
 * in memory to the end. The run calls it when it is done with a tool.
 */
export function releaseSchemaCaches(): void {
  releaseCheckedDefaults();
  releaseBaseArguments();
  releaseValidators();
}
