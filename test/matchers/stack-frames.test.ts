// Tests for the stack-frame matcher: one real frame per language, and prose that must not match.
import { describe, expect, it } from 'vitest';
import { findStackFrame } from '../../src/matchers/stack-frames.js';

describe('findStackFrame', () => {
  it.each([
    ['javascript', 'TypeError: x is undefined\n    at handler (/app/src/tools/search.js:42:17)', 'at handler (/app/src/tools/search.js:42:17)'],
    ['javascript', 'at Object.<anonymous> (file:///srv/index.mjs:3:9)', 'at Object.<anonymous> (file:///srv/index.mjs:3:9)'],
    ['javascript', 'Error\n    at /app/dist/index.js:10:5', 'at /app/dist/index.js:10:5'],
    ['javascript', '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)', 'at process.processTicksAndRejections (node:internal/process/task_queues:95:5)'],
    ['python', 'Traceback (most recent call last):\n  File "x.py", line 3', 'Traceback (most recent call last)'],
    ['python', 'boom\n  File "/srv/app/server.py", line 88, in call_tool', 'File "/srv/app/server.py", line 88'],
    ['java', 'java.lang.NullPointerException\n\tat com.acme.tools.Search.run(Search.java:27)', 'at com.acme.tools.Search.run(Search.java:27)'],
    ['go', 'goroutine 1 [running]:\nmain.main()', 'goroutine 1 ['],
    ['go', 'panic: runtime error: index out of range [3] with length 3', 'panic: '],
    ['go', 'main.handler(...)\n\t/build/main.go:14 +0x1d', '/build/main.go:14 +0x1d'],
    ['rust', "thread 'main' panicked at src/main.rs:2:5:\nstack backtrace:", "thread 'main' panicked at "],
    ['dotnet', '   at Acme.Tools.Search.Run() in C:\\src\\Search.cs:line 42', 'at Acme.Tools.Search.Run() in C:\\src\\Search.cs:line 42'],
    ['ruby', "app.rb:4:in `fetch': boom\n\tfrom app.rb:9:in `<main>'", 'app.rb:4:in'],
    ['ruby', "boom\n\tfrom /srv/lib/tool.rb:12:in `call'", '/srv/lib/tool.rb:12:in'],
  ])('finds a %s frame', (language, text, frame) => {
    expect(findStackFrame(text)).toMatchObject({ language, frame });
  });

  it.each([
    'Parameter "date" must be an ISO date such as 2024-01-01T10:20:30Z',
    'Meeting scheduled at noon (2024-01-01T10:20:30.000Z)',
    'Look at src/index.ts for the schema',
    "Don't panic: the search index is rebuilding, try again in 30 seconds",
    'File not found: report.pdf',
    'Failed at step 3 of 5',
    '',
  ])('finds nothing in %j', (text) => {
    expect(findStackFrame(text)).toBeNull();
  });

  it('returns the earliest frame when several languages match', () => {
    const text = 'File "/srv/a.py", line 1\n  at f (/app/x.js:1:2)';
    expect(findStackFrame(text)?.language).toBe('python');
  });

  it('scans a 1 MB echo quickly', () => {
    const big = 'at x ('.concat('a/'.repeat(500_000));
    const started = Date.now();
    expect(findStackFrame(big)).toBeNull();
    // Under 0.2 s; quadratic on 1 MB would take hours.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
