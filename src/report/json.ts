// The `json` format: the report object itself, with schemaVersion; safe whatever the server sent.
import type { Report } from './model.js';

export function formatJson(report: Report): string {
  return JSON.stringify(report, null, 2) + '\n';
}
