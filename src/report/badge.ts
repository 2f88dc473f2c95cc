// A badge of a server's grade: a shields-style SVG, or the JSON endpoint shields.io reads.
/** The badge for a grade and score, as SVG or as shields.io's endpoint JSON. */
export function formatBadge(grade: string, score: number | null, kind: 'svg' | 'json'): string {
  const message = score === null ? grade : `${grade} (${score.toFixed(0)})`;
  if (kind === 'json') return `${JSON.stringify({ schemaVersion: 1, label: 'mcp-errlint', message })}\n`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="20"><text x="4" y="14">mcp-errlint ${message}</text></svg>\n`;
}
