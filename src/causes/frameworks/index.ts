// The frameworks the causes stage knows (placeholder until the framework files land).
import type { Framework } from '../cause.js';

export const FRAMEWORKS: readonly Framework[] = [];
