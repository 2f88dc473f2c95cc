// Writes docs/images/board-{1280,390}.png and report-{1280,390}.png: full-page screenshots, in headless Chromium at a
// desktop and a phone width, of the HTML board of fixtures/scoreboard/servers.json (seed 3) and of the HTML report of
// one lint (fixtures/stack-trace.mjs, three probe kinds: a page of five findings).
// Usage: npm run board-screenshot (or, built: node scripts/board-screenshot.mjs [chromium path]); nothing here touches the network.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const IMAGES = join(ROOT, 'docs', 'images');
/** Without the background-networking flags Chromium reaches out to Google's hosts; launch() adds --headless and a fresh profile. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
/** A picture past this is too heavy for a README. */
const MAX_BYTES = 400 * 1024;
const WIDTHS = [1280, 390];

const dir = mkdtempSync(join(tmpdir(), 'errlint-screenshot-'));
// Chromium's profile (the --user-data-dir launch() makes in the temp folder) lands in this folder, removed below whatever happens.
process.env.TMPDIR = dir;
try {
  const pages = { board: join(dir, 'board.html'), report: join(dir, 'report.html') };
  const cli = (args, ok) => {
    const run = spawnSync(process.execPath, ['bin/mcp-errlint.js', ...args], { cwd: ROOT, stdio: 'inherit' });
    if (!ok.includes(run.status)) throw new Error(`mcp-errlint ${args.join(' ')} exited with ${run.status} (run npm run build first)`);
  };
  cli(['scoreboard', 'fixtures/scoreboard/servers.json', '--seed', '3', '--jobs', '2', '-f', 'html', '-o', pages.board, '-q', '--', '--runs', '2'], [0]);
  // Exit 1: the server has findings at error, as it should.
  cli(['--seed', '3', '--runs', '2', '--probe', 'missing-required,wrong-type,concurrency', '-f', 'html', '-o', pages.report, '-q', '--', 'node', 'fixtures/stack-trace.mjs'], [1]);
  const browser = await chromium.launch({ executablePath: process.argv[2] ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const heavy = [];
  try {
    mkdirSync(IMAGES, { recursive: true });
    for (const [name, file] of Object.entries(pages)) {
      for (const width of WIDTHS) {
        const phone = width < 600;
        const context = await browser.newContext({ viewport: { width, height: phone ? 844 : 900 }, isMobile: phone, hasTouch: phone, colorScheme: 'light' });
        const tab = await context.newPage();
        const requests = [];
        tab.on('request', (request) => requests.push(request.url()));
        await tab.goto(pathToFileURL(file).href);
        // On the board, one drill-down open: a server with one finding, so the picture shows a finding and stays a page.
        if (name === 'board') await tab.locator('details.server').filter({ has: tab.locator('summary .name', { hasText: /^unknown-tool-success$/ }) }).locator('summary').click();
        if (requests.length !== 1) throw new Error(`the ${name} page made requests beyond itself: ${requests.join(', ')}`);
        const out = join(IMAGES, `${name}-${width}.png`);
        const png = withPalette(await tab.screenshot({ fullPage: true }));
        writeFileSync(out, png);
        console.log(`${out}: ${Math.round(png.length / 1024)} KB`);
        if (png.length > MAX_BYTES) heavy.push(out);
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  if (heavy.length > 0) throw new Error(`over ${MAX_BYTES / 1024} KB: ${heavy.join(', ')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * The screenshot as a 256-colour PNG (the most frequent colours; every other one becomes its nearest): a page of text
 * has a few thousand colours, nearly all anti-aliasing, and the picture shrinks to about a third.
 */
function withPalette(png) {
  const chunks = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) chunks.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + png.readUInt32BE(at)) });
  const header = chunks.find((c) => c.type === 'IHDR').data;
  const [width, height, depth, colourType, interlace] = [header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9], header[12]];
  if (depth !== 8 || (colourType !== 2 && colourType !== 6) || interlace !== 0) return png; // not what Chromium writes: leave it
  const bpp = colourType === 6 ? 4 : 3;
  const stride = width * bpp;
  const filtered = zlib.inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? pixels[y * stride + x - bpp] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = y > 0 && x >= bpp ? pixels[(y - 1) * stride + x - bpp] : 0;
      const paeth = () => { const p = a + b - c; const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)]; return pa <= pb && pa <= pc ? a : pb <= pc ? b : c; };
      const predicted = [0, a, b, (a + b) >> 1, filter === 4 ? paeth() : 0][filter];
      pixels[y * stride + x] = (filtered[y * (stride + 1) + 1 + x] + predicted) & 255;
    }
  }
  const rgb = (i) => (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
  const frequency = new Map();
  for (let i = 0; i < pixels.length; i += bpp) frequency.set(rgb(i), (frequency.get(rgb(i)) ?? 0) + 1);
  const palette = [...frequency].sort((p, q) => q[1] - p[1]).slice(0, 256).map(([colour]) => colour);
  const nearest = new Map();
  const indexOf = (colour) => {
    let index = nearest.get(colour);
    if (index !== undefined) return index;
    let best = Infinity;
    palette.forEach((p, i) => {
      const d = ((p >> 16) - (colour >> 16)) ** 2 + (((p >> 8) & 255) - ((colour >> 8) & 255)) ** 2 + ((p & 255) - (colour & 255)) ** 2;
      if (d < best) [best, index] = [d, i];
    });
    nearest.set(colour, index);
    return index;
  };
  const rows = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = indexOf(rgb(y * stride + x * bpp));
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 3; // indexed colour
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach((p, i) => plte.writeUIntBE(p, i * 3, 3));
  return Buffer.concat([png.subarray(0, 8), chunk('IHDR', ihdr), chunk('PLTE', plte), chunk('IDAT', zlib.deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
