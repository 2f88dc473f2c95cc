#!/usr/bin/env node
// Writes what the docs show of the rules' meta: the README's rule table (mcp-errlint rules --format markdown) between its
// <!-- rules:start --> and <!-- rules:end --> markers, and the "## How to fix" section of every docs/rules/<id>.md (the
// rule's fix and its messages' own). test/rules/catalog.test.ts and test/rules/docs.test.ts fail until it is run after a
// change to a rule's meta. Run it as `npm run docs:rules` (it builds first: the text comes from dist/).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rulesMarkdown } from '../dist/src/cli/rules.js';
import { withFixSection } from '../dist/src/grade/rule-docs.js';
import { catalog } from '../dist/src/grade/catalog.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const README = join(ROOT, 'README.md');
const BLOCK = /(<!-- rules:start -->\n)[\s\S]*?(<!-- rules:end -->)/;

/** Writes a file when its text changed; says which it did. */
function write(path, before, after, what) {
  if (after === before) {
    process.stdout.write(`docs:rules: ${what} already up to date\n`);
  } else {
    writeFileSync(path, after);
    process.stdout.write(`docs:rules: ${what} rewritten from the rules' meta\n`);
  }
}

const readme = readFileSync(README, 'utf8');
if (!BLOCK.test(readme)) {
  process.stderr.write('docs:rules: README.md has no <!-- rules:start --> … <!-- rules:end --> block\n');
  process.exit(1);
}
write(README, readme, readme.replace(BLOCK, (_, start, end) => `${start}${rulesMarkdown()}${end}`), 'README.md rule table');

for (const entry of catalog()) {
  const path = join(ROOT, entry.docs);
  const doc = readFileSync(path, 'utf8');
  write(path, doc, withFixSection(doc, entry), `${entry.docs} "How to fix"`);
}
