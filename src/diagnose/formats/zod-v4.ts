// Zod 4: issue arrays ({code, path, message, expected | values | origin}) and z.prettifyError's text ("✖ Invalid input: … → at field").
import type { FormatReader } from '../culprit.js';
import { culprit } from '../culprit.js';
import { dottedSegments, resolveNearest, resolvePath } from '../names.js';
import { readZodMessage } from './zod-issues.js';
import { readIssues, unlocated } from './zod-v3.js';

/** One prettifyError entry: "✖ <message>" and, on the next line, "→ at <path>" (absent for the root). */
const PRETTY = /✖ ([^\n]+)(?:\n\s*→ at ([^\n]+))?/g;

/** zod 4's own words with no path, outside an SDK wrapper: "Invalid input: expected number, received string". */
const BARE_V4 = /\b(Invalid input: expected [a-z]+, received [A-Za-z]+|Invalid option: expected one of [^\n]+?)(?=$|\n|\.\s)(?! at )/;

export const zodV4Reader: FormatReader = {
  format: 'zod-v4',
  read(answer, call) {
    const { culprits, claimed } = readIssues(answer, call, 4, 'zod-v4');
    const claims = new Set(claimed);
    answer.texts.forEach((text, i) => {
      if (claims.has(i)) return;
      PRETTY.lastIndex = 0;
      let saw = false;
      for (let m = PRETTY.exec(text); m !== null; m = PRETTY.exec(text)) {
        saw = true;
        const read = readZodMessage(m[1]);
        if (m[2] === undefined) {
          if (read.problem === 'unexpected') culprits.push(...(read.keys ?? []).flatMap((k) => (resolvePath([k], call) ? [culprit(call, 'zod-v4', resolvePath([k], call)!, 'unexpected', m[0])] : [])));
          else culprits.push(...unlocated(read, call, 'zod-v4', m[0]));
          continue;
        }
        const at = resolveNearest(dottedSegments(m[2].trim()), call);
        if (at) culprits.push(at.exact ? culprit(call, 'zod-v4', at.path, read.problem, m[0], read.expected) : culprit(call, 'zod-v4', at.path, 'invalid', m[0]));
      }
      if (saw) return void claims.add(i);
      if (/\bInvalid arguments for tool\b|\bparameter validation failed\b/.test(text)) return;
      const bare = BARE_V4.exec(text);
      if (!bare) return;
      claims.add(i);
      culprits.push(...unlocated(readZodMessage(bare[1]), call, 'zod-v4', bare[0]));
    });
    return { culprits, claimed: [...claims] };
  },
};
