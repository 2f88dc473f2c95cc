// Escaping of untrusted server text for each place a report puts it: XML, HTML, markdown, GitHub workflow commands.

/** Characters XML 1.0 cannot carry at all (C0 controls but tab/newline/return, U+FFFE/U+FFFF, lone surrogates). */
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlText(text: string): string {
  return text.replace(XML_INVALID, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function xmlAttribute(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

const HTML_SPECIAL: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML element content or a quoted attribute value: every character that could open a tag, an entity or end a quote is a reference. */
export function htmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_SPECIAL[c]);
}

/** CDATA that stays CDATA whatever the text holds: every `]]>` is split across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replace(XML_INVALID, '\ufffd').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** A workflow-command message: `%`, CR and LF would end or forge the command. */
export function workflowData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow-command property value: also `:` and `,`, which separate properties. */
export function workflowProperty(text: string): string {
  return workflowData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Inline markdown inside a table cell: no pipes, no HTML or character references (`&#x202E;`), no autolinks, no line breaks, no code-span breakouts. */
export function markdownCell(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[\\`*_[\]<>|#!~&]/g, (c) => `\\${c}`)
    .replace(/:\/\//g, '\\://') // GFM would autolink a bare https://… (or www.…) from the server
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}\\.`)
    .trim();
}
