// Tests for text phrases: failure words, leading failures, JSON error objects, generic texts, transient markers, delays.
import { describe, expect, it } from 'vitest';
import {
  findDelayText,
  findExpectation,
  findFailure,
  findFailurePhrase,
  findLeadingFailure,
  findNextStep,
  findTransientMarker,
  genericPhrase,
  jsonErrorMarker,
  leadingFailurePhrase,
} from '../../src/matchers/phrases.js';

describe('failure phrases', () => {
  it.each([
    ['Error: id is required', 'Error'],
    ['The operation FAILED', 'FAILED'],
    ['Document not found', 'not found'],
    ['invalid id', 'invalid'],
    ['Unable to parse the query', 'Unable to'],
    ['NullPointer exception thrown', 'exception'],
    ['Found 3 documents', null],
    ['0 errors, 2 warnings', null],
    ['Validated against the schema', null],
    ['Processed 10 items, 0 failed', null],
    ['failed=0 passed=12', null],
    ['"failed": 3, "passed": 9', null],
    ['[{"tool":"echo","calls":3,"failed":0}]', null],
    ['{"status": "failed"}', null],
    ['{"message": "Upload failed: disk full"}', 'failed'],
    ['{"title": "Error handling in Go", "body": "Errors are values"}', null],
    ['2 invalid rows skipped', null],
    ['Line 3 error: unexpected token', 'error'],
    ['There was no error', null],
    // n8n-mcp's tools_documentation: a 6.5 KB reference whose content mentions errors as a topic
    ['# n8n MCP Tools - Complete Reference\n\nCode node guides: JavaScript patterns, n8n variables, error handling - and more.', null],
    [`# Reference\n${'Tools and their parameters. '.repeat(40)}Each tool reports an error when its input is invalid.`, null],
    ['Error messages are listed below', null],
    ['Upload failed: the error code was 413', 'failed'],
  ])('findFailurePhrase(%j) = %j', (text, phrase) => {
    expect(findFailurePhrase(text)).toBe(phrase);
  });

  it.each([
    ['Error: connection refused', 'Error'],
    ['[ERROR] upstream down', 'ERROR'],
    ['Error while fetching page', 'Error'],
    ['Failed to open file', 'Failed'],
    ['  Unable to reach the index', 'Unable to'],
    ['Could not resolve host', 'Could not'],
    ['Exception: boom', 'Exception'],
    ['Error', 'Error'],
    ['0 results, not found in index', null],
    ['Not found: no documents match "zzz"', null],
    ['Error rate for the last hour: 0.2%', null],
    ['Invalid emails in the list: 2 of 10', null],
    ['Found 2 errors in the file', null],
    ['{"failed": 0, "passed": 12}', null],
    ['[{"error": "x"}]', null],
  ])('leadingFailurePhrase(%j) = %j', (text, phrase) => {
    expect(leadingFailurePhrase(text)).toBe(phrase);
  });

  it('gives the offset of the phrase it found', () => {
    expect(findFailure('Result: 0 failed, 1 error')).toBeNull(); // both are counts
    expect(findFailure('Result: 0 failed; error: disk full')).toEqual({ phrase: 'error', index: 18 });
    expect(findFailure('{"ok": 1, "detail": "the id is invalid"}')).toEqual({ phrase: 'invalid', index: 31 });
    expect(findLeadingFailure('  [ERROR] upstream down')).toEqual({ phrase: 'ERROR', index: 3 });
  });

  it.each([
    ['{"error": "db down"}', '"error"'],
    [{ isError: true }, '"isError": true'],
    ['{"status": "failed", "items": []}', '"status": "failed"'],
    ['{"success": false}', '"success": false'],
    ['{"error": null, "items": []}', null],
    ['{"found": false, "message": "No orders found"}', null],
    ['not json {"error": 1}', null],
    [[{ error: 'x' }], null],
  ])('jsonErrorMarker(%j) = %j', (value, marker) => {
    expect(jsonErrorMarker(value)).toBe(marker);
  });
});

describe('genericPhrase', () => {
  it.each([
    ['Operation failed', 'Operation failed'],
    ['Operation failed.', 'Operation failed'],
    ['  error! ', 'error'],
    ['Error: Internal error', 'Internal error'],
    ['MCP error -32603: Internal error', 'Internal error'],
    ['Something went wrong...', 'Something went wrong'],
    ['"undefined"', 'undefined'],
    ['null', 'null'],
    ['false', 'false'],
    ['Invalid params', 'Invalid params'],
    ['Error: Operation failed: timeout after 30s', null],
    ['Invalid params: count must be an integer', null],
    ['Error: document 42 not found', null],
    ['Internal error while reading page 3; retry in 5 seconds', null],
  ])('genericPhrase(%j) = %j', (text, phrase) => {
    expect(genericPhrase(text)).toBe(phrase);
  });
});

describe('transient markers and delays', () => {
  it.each([
    ['Database query timed out after 30s', 'timed out'],
    ['Upstream timeout', 'timeout'],
    ['Service temporarily unavailable', 'temporarily unavailable'],
    ['Rate limit exceeded', 'Rate limit'],
    ['GitHub API returned HTTP 503', 'HTTP 503'],
    ['Too many requests (429)', 'Too many requests'],
    ['connect ECONNREFUSED 10.0.0.1:80', 'ECONNREFUSED'],
    // issue 21: the same failures in other runtimes' words (answers of unfamiliar servers)
    ['dial tcp 10.0.3.7:5432: connect: connection refused', 'connection refused'],
    ['Get "http://api.internal/v1": dial tcp 10.0.3.7:443: i/o timeout', 'timeout'],
    ["ConnectionRefusedError: [Errno 111] Connect call failed ('127.0.0.1', 8080)", 'ConnectionRefusedError'],
    ['httpx.ConnectTimeout: timed out', 'ConnectTimeout'],
    ['java.net.ConnectException: Connection refused (Connection refused)', 'java.net.ConnectException'],
    ['Upstream returned 502 Bad Gateway', 'Bad Gateway'],
    ['request failed with status 504', 'status 504'],
    ['getaddrinfo EAI_AGAIN api.example.com', 'EAI_AGAIN'],
    ['connect ETIMEDOUT 10.1.2.3:443', 'ETIMEDOUT'],
    ['Invalid value 502 for count', null],
    ['Please try again later', 'try again later'],
    // a fix-your-input hint, not a transient failure (task manager servers answer not-found like this)
    ['Task with ID 1 could not be found. Please use the "list_tasks" tool to find a valid ID and try again.', null],
    ['Order #429 not found', null],
    ['Invalid value 503 for count', null],
    ['Permission denied', null],
  ])('findTransientMarker(%j) = %j', (text, marker) => {
    expect(findTransientMarker(text)).toBe(marker);
  });

  it.each([
    ['Rate limit exceeded. Retry after 30 seconds.', 'Retry after 30 seconds'],
    ['retry in 500ms', 'retry in 500ms'],
    ['Retry-After: 12', 'Retry-After: 12'],
    ['Busy; try again in 10 seconds', 'in 10 seconds'],
    ['wait 2 minutes before calling again', 'wait 2 minutes'],
    ['Please try again later', null],
    ['Timed out after 30s', null],
    ['retry', null],
  ])('findDelayText(%j) = %j', (text, delay) => {
    expect(findDelayText(text)).toBe(delay);
  });
});

describe('hints', () => {
  it.each([
    ["Parameter 'limit' must be between 1 and 100", 'must be'],
    ['Expected string, received number', 'Expected'],
    ['status must be one of: pending, shipped', 'must be'],
    ['Invalid date; use ISO 8601 such as 2026-03-01', 'ISO 8601'],
    ['Invalid format', null],
    ['Missing required parameter', null],
  ])('findExpectation(%j) = %j', (text, hint) => {
    expect(findExpectation(text)).toBe(hint);
  });

  it.each([
    ['Try search_users to find the email', 'Try'],
    ['Check the owner/repo format', 'Check'],
    ['Operation failed', null],
    ['Database unreachable', null],
  ])('findNextStep(%j) = %j', (text, step) => {
    expect(findNextStep(text)).toBe(step);
  });
});

describe('genericPhrase with extra phrases', () => {
  it.each([
    ['Oops.', ['oops'], 'Oops'],
    ['Error: Request could not be processed!', ['Request could not be processed'], 'Request could not be processed'],
    ['Oops, the order is shipped', ['oops'], null],
    ['Oops', [], null],
  ])('genericPhrase(%j, %j) = %j', (text, extra, phrase) => {
    expect(genericPhrase(text, extra)).toBe(phrase);
  });
});
