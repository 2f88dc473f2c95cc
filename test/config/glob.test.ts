// Tool selection by the config's globs, and the "did you mean" suggestions of config and flag errors.
import { describe, expect, it } from 'vitest';
import { matchesAny } from '../../src/util/glob.js';
import { closest } from '../../src/util/suggest.js';
import { selectTools } from '../../src/plan/batches.js';
import { UsageError } from '../../src/errors.js';
import type { ToolInfo } from '../../src/session/types.js';

describe('matchesAny', () => {
  it.each([
    ['lookup_user', ['lookup_*'], true],
    ['lookup_user', ['*_user'], true],
    ['lookup_user', ['*'], true],
    ['lookup_user', ['lookup_'], false],
    ['lookup_user', ['Lookup_*'], false],
    ['lookup_user', ['lookup_use?'], true],
    ['lookup_user', ['lookup_us?'], false],
    ['a.b', ['a?b'], true],
    ['axb', ['a.b'], false],
    ['a+b(c)', ['a+b(c)'], true],
    ['x', ['[x]', '{x}', 'x|y'], false],
    ['名前_ツール', ['名前_???'], true],
    ['any', [], false],
  ] as const)('%s against %j: %s', (name, globs, expected) => {
    expect(matchesAny(name, globs)).toBe(expected);
  });
});

describe('selectTools with globs', () => {
  const tools = ['lookup_user', 'list_orders', 'delete_user', 'user_admin'].map((name): ToolInfo => ({ name, inputSchema: {} }));
  const names = (selected: ToolInfo[]) => selected.map((t) => t.name);

  it('keeps tools matching include and drops those matching exclude', () => {
    expect(names(selectTools(tools, undefined, { include: ['*_user'] }))).toEqual(['lookup_user', 'delete_user']);
    expect(names(selectTools(tools, undefined, { exclude: ['delete_*', '*_admin'] }))).toEqual(['lookup_user', 'list_orders']);
    expect(names(selectTools(tools, undefined, { include: ['*user*'], exclude: ['delete_*'] }))).toEqual(['lookup_user', 'user_admin']);
    expect(names(selectTools(tools, undefined, undefined))).toEqual(names(tools));
  });

  it('is a usage error when the globs leave no tool', () => {
    expect(() => selectTools(tools, undefined, { include: ['search_*'] })).toThrow(UsageError);
    expect(() => selectTools(tools, undefined, { exclude: ['*'] })).toThrow(/no tool matches the config's "tools" globs \(the server lists: lookup_user, list_orders, delete_user, user_admin\)/);
  });
});

describe('closest', () => {
  it.each([
    ['no-stack-traces', 'no-stack-trace'],
    ['stack-trace', 'no-stack-trace'],
    ['NO-SECRETS', 'no-secrets'],
    ['timeoutMs', 'timeout'],
    ['zzz', undefined],
    ['secrets-everywhere', undefined],
  ])('%s → %s', (name, expected) => {
    expect(closest(name, ['no-stack-trace', 'no-secrets', 'timeout', 'seed'])).toBe(expected);
  });
});
