// A badge of a server's grade: a shields-style flat SVG, or the JSON endpoint shields.io reads.
import { xmlAttribute, xmlText } from './escape.js';

const LABEL = 'mcp-errlint';

/** shields.io's named colours (as it renders them) for each grade; anything else is lightgrey. */
const GRADE_COLORS: Record<string, string> = { 'A+': 'brightgreen', A: 'green', B: 'yellowgreen', C: 'yellow', D: 'orange', F: 'red', incomplete: 'lightgrey' };
const HEX: Record<string, string> = { brightgreen: '#4c1', green: '#97ca00', yellowgreen: '#a4a61d', yellow: '#dfb317', orange: '#fe7d37', red: '#e05d44', lightgrey: '#9f9f9f' };
const LABEL_HEX = '#555';

/** The named colour of a grade (shields.io's palette). */
export function badgeColor(grade: string): string {
  return Object.hasOwn(GRADE_COLORS, grade) ? GRADE_COLORS[grade] : 'lightgrey';
}

/** What the coloured half says: "A+ · 97", or the grade alone when there is no score to show. */
export function badgeMessage(grade: string, score: number | null): string {
  const shown = grade.trim() === '' ? 'unknown' : grade; // shields refuses an empty message
  // Rounded down, so the number never crosses its grade's threshold (84.6 is a B: "B · 84", not "B · 85").
  return score === null || grade === 'incomplete' ? shown : `${shown} · ${Math.floor(score)}`;
}

/** Advance widths of Verdana 11px (what shields measures with), by character class; 7 px for anything unlisted. */
function textWidth(text: string): number {
  let width = 0;
  for (const c of text) {
    if (/[ijlI.,:;'!|·]/.test(c)) width += 3.6;
    else if (c === ' ' || /[frt()[\]-]/.test(c)) width += 4.4;
    else if (/[mwMW%]/.test(c)) width += 10.5;
    else if (/[A-Z+=<>#&@]/.test(c)) width += 7.8;
    else if (/[a-z0-9]/.test(c)) width += 6.8;
    else width += 7;
  }
  return Math.ceil(width);
}

/** The badge for a grade and score, as SVG or as shields.io's endpoint JSON. */
export function formatBadge(grade: string, score: number | null, kind: 'svg' | 'json'): string {
  const message = badgeMessage(grade, score);
  const color = badgeColor(grade);
  if (kind === 'json') return `${JSON.stringify({ schemaVersion: 1, label: LABEL, message, color })}\n`;
  // Each half: its text plus 5 px of padding either side, as shields' flat style does.
  const labelWidth = textWidth(LABEL) + 10;
  const messageWidth = textWidth(message) + 10;
  const width = labelWidth + messageWidth;
  const title = `${LABEL}: ${message}`;
  // Text is drawn at 10× and scaled down, so positions and lengths are in tenths of a pixel.
  const text = (content: string, x: number, textWidthPx: number) => {
    const at = `x="${x * 10}" textLength="${(textWidthPx - 10) * 10}"`;
    return `<text aria-hidden="true" ${at} y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)">${xmlText(content)}</text><text ${at} y="140" transform="scale(.1)">${xmlText(content)}</text>`;
  };
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${xmlAttribute(title)}">`,
    `<title>${xmlText(title)}</title>`,
    '<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>',
    // Rounded outer corners without a clipPath: its id would depend on the width, and badges inlined in one page share ids.
    `<g><rect width="${width}" height="20" rx="3" fill="${HEX[color]}"/><rect width="${labelWidth}" height="20" rx="3" fill="${LABEL_HEX}"/><rect x="${labelWidth - 3}" width="3" height="20" fill="${LABEL_HEX}"/><rect width="${width}" height="20" rx="3" fill="url(#s)"/></g>`,
    '<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="110">',
    text(LABEL, labelWidth / 2, labelWidth),
    text(message, labelWidth + messageWidth / 2, messageWidth),
    '</g></svg>\n',
  ].join('');
}
