// Runs the built CLI in this process and, as it exits, writes its peak resident set size (kB) to the file in argv[2].
// Usage: node test/helpers/measure.mjs <rss-file> <cli args...>
import { writeFileSync } from 'node:fs';

const [rssFile, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], new URL('../../bin/mcp-errlint.js', import.meta.url).pathname, ...args];
process.on('exit', () => writeFileSync(rssFile, String(process.resourceUsage().maxRSS)));
await import('../../bin/mcp-errlint.js');
