// The tool's own name and version, read once from the package.json it ships in.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageJson(): { name: string; version: string; homepage?: string } {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8'));
      if (pkg.name === 'mcp-errlint') return pkg;
    }
    const parent = dirname(dir);
    if (parent === dir) return { name: 'mcp-errlint', version: '0.0.0' };
    dir = parent;
  }
}

const pkg = findPackageJson();
export const TOOL_NAME = 'mcp-errlint';
export const TOOL_VERSION: string = pkg.version;
export const DOCS_BASE = 'https://github.com/mcp-errlint/mcp-errlint/blob/main/docs/rules';
