// The badge: a well-formed, accessible shields-style SVG coloured by grade, and shields.io's endpoint JSON.
import { describe, expect, it } from 'vitest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { badgeColor, formatBadge } from '../../src/report/badge.js';

const parse = (svg: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(svg).svg;

/** The fill of the badge's coloured half (the whole badge's rect, the label drawn over its left part). */
const messageFill = (svg: string) => parse(svg).g[0].rect[0].fill as string;

describe('formatBadge: svg', () => {
  it('is valid XML with role, aria-label and a title saying label and message', () => {
    const svg = formatBadge('A+', 97.8, 'svg');
    expect(XMLValidator.validate(svg)).toBe(true);
    const root = parse(svg);
    expect(root.role).toBe('img');
    expect(root['aria-label']).toBe('mcp-errlint: A+ · 97');
    expect(root.title).toBe('mcp-errlint: A+ · 97');
    expect(root.height).toBe('20');
  });

  it('shows the grade alone when there is no score, and for an incomplete run', () => {
    expect(parse(formatBadge('B', null, 'svg'))['aria-label']).toBe('mcp-errlint: B');
    expect(parse(formatBadge('incomplete', 0, 'svg'))['aria-label']).toBe('mcp-errlint: incomplete');
  });

  it.each([
    ['A+', '#4c1'],
    ['A', '#97ca00'],
    ['B', '#a4a61d'],
    ['C', '#dfb317'],
    ['D', '#fe7d37'],
    ['F', '#e05d44'],
    ['incomplete', '#9f9f9f'],
  ])('colours grade %s %s, the label grey', (grade, hex) => {
    const svg = formatBadge(grade, 50, 'svg');
    expect(messageFill(svg)).toBe(hex);
    expect(parse(svg).g[0].rect[1].fill).toBe('#555');
  });

  it('is as wide as its two halves, and wider for a longer message', () => {
    const root = parse(formatBadge('A', 88, 'svg'));
    const [whole, label] = root.g[0].rect as Array<{ width: string }>;
    expect(whole.width).toBe(root.width);
    expect(Number(label.width)).toBeGreaterThan(60); // "mcp-errlint" at Verdana 11px, plus padding
    expect(Number(label.width)).toBeLessThan(Number(root.width) - 20);
    expect(Number(parse(formatBadge('incomplete', null, 'svg')).width)).toBeGreaterThan(Number(root.width));
  });

  it('escapes a hostile grade string: still one well-formed svg, the text intact where XML can carry it', () => {
    const hostile = '"/><script>alert(1)</script><x a=\'&amp;\u0000\u001b]]>';
    const svg = formatBadge(hostile, null, 'svg');
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain('<script');
    const root = parse(svg);
    expect(root.script).toBeUndefined();
    // Characters XML 1.0 cannot carry become U+FFFD; the rest reads back exactly as the grade was.
    expect(root['aria-label']).toBe(`mcp-errlint: ${hostile.replace(/[\u0000\u001b]/g, '\ufffd')}`);
    expect(root.title).toBe(root['aria-label']);
    expect(messageFill(svg)).toBe('#9f9f9f');
  });
});

describe('formatBadge: json (shields.io endpoint)', () => {
  it('has exactly the endpoint schema: schemaVersion 1, label, message, color', () => {
    const json = JSON.parse(formatBadge('C', 61.2, 'json'));
    expect(json).toEqual({ schemaVersion: 1, label: 'mcp-errlint', message: 'C · 61', color: 'yellow' });
    // Rounded down: a B just under the A threshold never reads 85.
    expect(JSON.parse(formatBadge('B', 84.6, 'json')).message).toBe('B · 84');
  });

  it('gives the grade alone with no score, never an empty message, and lightgrey for what is not a grade', () => {
    expect(JSON.parse(formatBadge('F', null, 'json'))).toEqual({ schemaVersion: 1, label: 'mcp-errlint', message: 'F', color: 'red' });
    expect(JSON.parse(formatBadge('', null, 'json')).message).not.toBe('');
    expect(JSON.parse(formatBadge('</svg>', 3, 'json')).color).toBe('lightgrey');
    expect(badgeColor('toString')).toBe('lightgrey');
  });
});
