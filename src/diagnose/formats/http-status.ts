// An HTTP status that says what is wrong without a word of text: 413 Payload Too Large refuses the body's size, and the
// argument whose value makes up most of the body is the one to change (the only mismatch one argument has). Undeclared,
// it is left out, as a model would; declared, its schema supplies a value.
import type { FormatReader } from '../culprit.js';
import { NOTHING, culprit } from '../culprit.js';
import { propertySchemas } from '../../schema/read.js';

const PAYLOAD_TOO_LARGE = 413;
/** The share of the arguments' JSON one argument must hold to be the one that made the body too large. */
const DOMINANT_SHARE = 0.5;

export const httpStatusReader: FormatReader = {
  format: 'http-status',
  read(answer, call) {
    if (answer.status !== PAYLOAD_TOO_LARGE) return NOTHING;
    const sizes = Object.entries(call.arguments).map(([name, value]) => ({ name, size: JSON.stringify(value)?.length ?? 0 }));
    const total = sizes.reduce((sum, s) => sum + s.size, 0);
    const largest = sizes.reduce<{ name: string; size: number } | undefined>((best, s) => (best === undefined || s.size > best.size ? s : best), undefined);
    if (largest === undefined || largest.size < total * DOMINANT_SHARE) return NOTHING;
    const declared = Object.hasOwn(propertySchemas(call.tool.inputSchema), largest.name);
    // The status is the answer's whole say: its body (a framework's "Payload Too Large" page) is claimed, so prose reads nothing into it.
    return { culprits: [culprit(call, 'http-status', [largest.name], declared ? 'length' : 'unexpected', `HTTP ${PAYLOAD_TOO_LARGE} Payload Too Large`)], claimed: answer.texts.map((_, i) => i) };
  },
};
