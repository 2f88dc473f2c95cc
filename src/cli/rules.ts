// `mcp-errlint rules`: every rule with its default level per profile, tags and documentation.
import { Command, Option } from 'commander';
import { RULES, ruleDocsPath } from '../../rules/index.js';
import { EXIT } from '../report/gate.js';
import { parseArguments } from './flags.js';

/** `mcp-errlint rules`: every rule with its default level per profile, tags and documentation. */
export function listRules(args: string[]): number {
  const program = new Command()
    .name('mcp-errlint rules')
    .description('List every rule: its default severity in the recommended and strict profiles, its tags and its documentation.')
    .addOption(new Option('-f, --format <format>', 'an aligned table, or json').choices(['table', 'json']).default('table'))
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  const stopped = parseArguments(program, args, 'user');
  if (stopped !== undefined) return stopped;
  const rules = RULES.map(({ meta }) => ({ id: meta.id, description: meta.description, severity: meta.severity, tags: meta.tags, docs: ruleDocsPath(meta.id) }));
  if (program.opts().format === 'json') {
    process.stdout.write(`${JSON.stringify(rules, null, 2)}\n`);
    return EXIT.ok;
  }
  const rows = [['rule', 'recommended', 'strict', 'tags', 'docs'], ...rules.map((r) => [r.id, r.severity.recommended, r.severity.strict, r.tags.join(', '), r.docs])];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  process.stdout.write(rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd() + '\n').join(''));
  return EXIT.ok;
}
