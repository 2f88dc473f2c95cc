// Express over HTTP: its X-Powered-By header, and the error page of its default error handler (finalhandler), which
// shows the error's stack unless NODE_ENV=production (docs/frameworks.md).
import type { CauseFinding as Finding, CauseInput, Framework, FrameworkSighting, Mechanism } from '../cause.js';
import { finalhandlerPage } from './finalhandler.js';

/** A stack frame as finalhandler writes it into its page: a line break, then `    at ` escaped (` &nbsp; &nbsp;at `). */
const PAGE_STACK_FRAME = /<br>(?: &nbsp;)+at /;
/** The rules that judge what an answer gives away: the stack of a development page is what they find. */
const LEAK_RULES = new Set(['no-stack-trace', 'no-internal-details', 'no-secrets']);

const poweredByExpress = (finding: Finding) => /^express$/i.test(finding.http?.headers?.['x-powered-by'] ?? '');

function sight(input: CauseInput): FrameworkSighting | undefined {
  const header = input.findings.some(poweredByExpress);
  const page = input.findings.some((finding) => finalhandlerPage(finding) !== undefined);
  if (!header && !page) return undefined;
  // finalhandler's page alone is Express's, Connect's, or any server that calls finalhandler: name only what it shows.
  const name = header ? 'Express' : 'finalhandler (the default error handler of Express and Connect)';
  const evidence = [header ? 'X-Powered-By: Express' : '', page ? 'finalhandler\'s HTML error page' : ''].filter(Boolean).join('; ');
  return { id: 'express', name, evidence };
}

const mechanisms: Mechanism[] = [
  {
    id: 'express/development-error-page',
    summary: 'The default error handler of Express and Connect (finalhandler) answers a failed request with an HTML page that holds the error\'s stack, as it does whenever NODE_ENV is not "production"',
    fix: 'Run the server with NODE_ENV=production, so that the default error handler sends only the status text, and end the app with an error-handling middleware that answers a JSON-RPC error.',
    source: 'https://expressjs.com/en/guide/error-handling.html#the-default-error-handler',
    explains(finding) {
      const page = finalhandlerPage(finding);
      return page !== undefined && PAGE_STACK_FRAME.test(page) && LEAK_RULES.has(finding.ruleId);
    },
  },
  {
    id: 'express/html-error-page',
    summary: 'The default error handler of Express and Connect (finalhandler) answers a failed request (a thrown handler, a body express.json() refuses, a route that does not exist) with an HTML page, not a JSON-RPC message',
    fix: 'Add an error-handling middleware, (err, req, res, next), after the MCP route that answers every error with a JSON-RPC error object and the right status.',
    source: 'https://expressjs.com/en/guide/error-handling.html#writing-error-handlers',
    explains(finding) {
      const page = finalhandlerPage(finding);
      return page !== undefined && !(PAGE_STACK_FRAME.test(page) && LEAK_RULES.has(finding.ruleId));
    },
  },
];

export const express: Framework = { id: 'express', name: 'Express', sight, mechanisms };
