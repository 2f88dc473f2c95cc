// `mcp-errlint rules`: the rule catalogue from the rules' meta, as an aligned table, as JSON, or as the README's markdown table.
import { Command, Option } from 'commander';
import { catalog, type CatalogEntry, type MessageLevel } from '../grade/catalog.js';
import { EXIT } from '../report/gate.js';
import { parseArguments } from './flags.js';

const RULES_FORMATS = ['table', 'json', 'markdown'] as const;

/** `mcp-errlint rules`: every rule with its levels per profile and per message, options, grade cap, tags and documentation. */
export function listRules(args: string[]): number {
  const program = new Command()
    .name('mcp-errlint rules')
    .description(
      'List every rule: its default severity in the recommended and strict profiles, the messages reported at another severity, its options with their defaults, the grade it caps, its tags and its documentation.',
    )
    .addOption(new Option('-f, --format <format>', "an aligned table, json, or the README's markdown table").choices([...RULES_FORMATS]).default('table'))
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  const stopped = parseArguments(program, args, 'user');
  if (stopped !== undefined) return stopped;
  const entries = catalog();
  const format = program.opts<{ format: (typeof RULES_FORMATS)[number] }>().format;
  process.stdout.write(format === 'json' ? `${JSON.stringify(entries, null, 2)}\n` : format === 'markdown' ? rulesMarkdown(entries) : rulesTable(entries));
  return EXIT.ok;
}

/** A level per profile in few words: one word when both profiles agree. */
const levels = (severity: MessageLevel['severity']) => (severity.recommended === severity.strict ? severity.recommended : `${severity.recommended} / ${severity.strict}`);

/** One row per rule, columns aligned; under a rule, indented, what its meta adds: messages at another level, options, grade cap. */
export function rulesTable(entries: readonly CatalogEntry[]): string {
  const rows = [['rule', 'recommended', 'strict', 'tags', 'docs'], ...entries.map((r) => [r.id, r.severity.recommended, r.severity.strict, r.tags.join(', '), r.docs])];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd() + '\n';
  const details = (r: CatalogEntry) => [
    ...r.exceptions.map((m) => `  message ${m.messageId}: ${levels(m.severity)}\n`),
    ...r.options.map((o) => `  option ${o.name} (default ${JSON.stringify(o.default)})${o.description ? `: ${o.description}` : ''}\n`),
    ...(r.capsGrade ? [`  caps the grade at ${r.capsGrade} when it fails above note\n`] : []),
    ...(r.securitySeverity ? [`  security-severity ${r.securitySeverity}\n`] : []),
  ];
  return line(rows[0]) + entries.map((r, index) => line(rows[index + 1]) + details(r).join('')).join('');
}

/** A markdown table cell: one line, no column break. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** The messages at another level, in words: those at the same level together, in the order the meta declares them. */
function exceptionsInWords(exceptions: readonly MessageLevel[]): string {
  const byLevel = new Map<string, string[]>();
  for (const m of exceptions) byLevel.set(levels(m.severity), [...(byLevel.get(levels(m.severity)) ?? []), `\`${m.messageId}\``]);
  return [...byLevel].map(([level, ids]) => `${ids.join(', ')}: ${level}`).join('; ');
}

/** The README's rule table (between its rules:start and rules:end markers; `npm run docs:rules` writes it there). */
export function rulesMarkdown(entries: readonly CatalogEntry[] = catalog()): string {
  const rows = entries.map(
    (r) => `| [\`${r.id}\`](${r.docs}) | ${cell(r.description)} | ${r.severity.recommended} / ${r.severity.strict} | ${exceptionsInWords(r.exceptions)} |`,
  );
  return ['| rule | checks | recommended / strict | messages at another level |', '|---|---|---|---|', ...rows].join('\n') + '\n';
}
