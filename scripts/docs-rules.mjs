#!/usr/bin/env node
// Writes the README's rule table from the rules' meta (mcp-errlint rules --format markdown) between its
// <!-- rules:start --> and <!-- rules:end --> markers; test/rules/readme-table.test.ts fails until it is run after a
// change to a rule's meta. Run it as `npm run docs:rules` (it builds first: the table comes from dist/).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rulesMarkdown } from '../dist/src/cli/rules.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const README = join(ROOT, 'README.md');
const BLOCK = /(<!-- rules:start -->\n)[\s\S]*?(<!-- rules:end -->)/;

const readme = readFileSync(README, 'utf8');
if (!BLOCK.test(readme)) {
  process.stderr.write('docs:rules: README.md has no <!-- rules:start --> … <!-- rules:end --> block\n');
  process.exit(1);
}
const next = readme.replace(BLOCK, (_, start, end) => `${start}${rulesMarkdown()}${end}`);
if (next === readme) {
  process.stdout.write('docs:rules: README.md rule table already up to date\n');
} else {
  writeFileSync(README, next);
  process.stdout.write('docs:rules: README.md rule table rewritten from the rules\' meta\n');
}
