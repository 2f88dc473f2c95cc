// Building regexes from literal text.

/** `text` with every regex metacharacter escaped, so it matches itself literally inside a RegExp source (u flag too). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
