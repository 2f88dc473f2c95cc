// Table tests for resource-traversal: a traversal-looking read served with content is an error; what came back is only
// ever its size (the run withholds it before grading, see withhold()).
import { describe, expect, it } from 'vitest';
import { rule } from '../../rules/resource-traversal.js';
import { grade, surfaceExchange } from '../helpers/exchange.js';
import { surfaceCase } from '../../probes/surface-case.js';
import { withhold } from '../../src/engine/withhold.js';

const uri = 'file:///../../../../../../../../etc/passwd';
const traversal = surfaceCase('resources/read', { uri }, { name: uri, expect: 'refused', label: 'a traversal-looking path', expectCode: -32002, sensitive: true });

describe('resource-traversal', () => {
  it('fails a read served with content, reporting its size and never its text', () => {
    const secret = 'root:x:0:0:root:/root:/bin/bash\n';
    const raw = withhold({ request: {}, outcome: { kind: 'result', result: { contents: [{ uri: 'file:///etc/passwd', text: secret }] } }, elapsedMs: 1 });
    expect(JSON.stringify(raw)).not.toContain('root:x');
    const ex = surfaceExchange('resources', traversal, { result: (raw.outcome as { result: Record<string, unknown> }).result });
    const { findings } = grade(rule, ex);
    expect(findings).toEqual([{ messageId: 'served', severity: 'error', data: { uri, characters: secret.length } }]);
  });

  it.each([
    ['a refusal (server-everything: the path folds to a URI that names nothing)', { error: { code: -32602, message: 'MCP error -32602: Resource demo://resource/etc/passwd not found' } }, false],
    ['empty contents', { result: { contents: [] } }, true],
    ['contents without text or blob', { result: { contents: [{ uri }] } }, true],
  ] as const)('passes: %s', (_name, spec, applies) => {
    expect(grade(rule, surfaceExchange('resources', traversal, spec))).toEqual({ applies, findings: [] });
  });

  it.each([
    ['Documentation not found: etc/passwd', 0],
    ['Error: ENOENT: no such file or directory', 0],
    ['Access denied: path is outside the allowed directories', 0],
    ['root:x:0:0:root:/root:/bin/bash\nnot found: a line of a served file that happens to say it', 1],
    [`${'a served document '.repeat(20)} not found`, 1],
  ] as const)('a text that only refuses is not served: %j', (text, findings) => {
    const raw = withhold({ request: {}, outcome: { kind: 'result', result: { contents: [{ uri: 'knip://docs/etc/passwd', text }] } }, elapsedMs: 1 });
    expect(JSON.stringify(raw)).not.toContain(text.slice(0, 12));
    const ex = surfaceExchange('resources', traversal, { result: (raw.outcome as { result: Record<string, unknown> }).result });
    expect(grade(rule, ex).findings).toHaveLength(findings);
  });

  it('does not apply to the other reads of the probe', () => {
    const other = surfaceCase('resources/read', { uri: 'demo://x' }, { name: 'demo://x', expect: 'refused', label: 'missing', expectCode: -32002 });
    expect(grade(rule, surfaceExchange('resources', other, { result: { contents: [{ uri: 'demo://x', text: 'x' }] } })).applies).toBe(false);
  });
});
