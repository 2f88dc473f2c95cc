// What a finding shows of an HTTP answer the framework files read: finalhandler's error page.
import type { CauseFinding as Finding } from '../cause.js';

/**
 * finalhandler's error page (the default error handler of Express and Connect), exactly as its createHtmlDocument
 * writes it (finalhandler 1.x and 2.x): the message, HTML-escaped, in one `<pre>`.
 */
const FINALHANDLER_PAGE = /^<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error<\/title>\n<\/head>\n<body>\n<pre>([\s\S]*?)(?:<\/pre>\n<\/body>\n<\/html>\n?)?$/;

/** The `<pre>` text of finalhandler's error page (still HTML-escaped), when a finding's HTTP answer is one. */
export function finalhandlerPage(finding: Finding): string | undefined {
  const text = finding.http?.text;
  if (text === undefined) return undefined;
  return FINALHANDLER_PAGE.exec(text)?.[1];
}
