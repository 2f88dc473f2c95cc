// A rule's doc page, written from its meta: the "## How to fix" section (`npm run docs:rules` puts it in docs/rules/). Pure.
import type { CatalogEntry } from './catalog.js';

/**
 * The fixes of a rule's doc page, in markdown: the rule's, then every message id the rule reports with the change a
 * finding with it needs (its own, grouped by fix; the rule's for the rest, last), so each doc names all its message ids.
 */
export function fixMarkdown(entry: CatalogEntry): string {
  const byFix = new Map<string, string[]>();
  for (const m of entry.messageFixes) byFix.set(m.fix, [...(byFix.get(m.fix) ?? []), `\`${m.messageId}\``]);
  const own = new Set(entry.messageFixes.map((m) => m.messageId));
  const rest = entry.messageIds.filter((id) => !own.has(id)).map((id) => `\`${id}\``);
  const lines = [...[...byFix].map(([fix, ids]) => `- ${ids.join(', ')}: ${fix}`), ...(rest.length > 0 ? [`- ${rest.join(', ')}: the change above.`] : [])];
  return [
    '## How to fix',
    '',
    `<!-- Written from the rule's meta by \`npm run docs:rules\`: change \`fix\` in rules/${entry.id}.ts, not this section. -->`,
    '',
    entry.fix,
    '',
    'Message ids, and the change a finding with each needs:',
    '',
    ...lines,
  ].join('\n') + '\n';
}

/** The "## How to fix" section of a rule doc, through the one before the next heading (its leading newline included). */
const FIX_SECTION = /\n## How to fix\n[\s\S]*?(?=\n## |$)/;

/** A rule's doc page with its "## How to fix" section written from the meta: in place, or else just before "## Fails". */
export function withFixSection(doc: string, entry: CatalogEntry): string {
  const section = `\n${fixMarkdown(entry)}`;
  if (FIX_SECTION.test(doc)) return doc.replace(FIX_SECTION, () => section);
  const at = doc.indexOf('\n## Fails\n');
  if (at < 0) throw new Error(`${entry.docs} has no "## Fails" section to put "## How to fix" before`);
  return doc.slice(0, at) + section + doc.slice(at);
}
