// Prose a model reads at a glance: a quoted name in any language and quote marks, camelCase or Title Case for snake_case,
// lists of names, a name asked for in conversation, parameter lists that are not values, "Available <things>:" lists, a
// value in parentheses; and what must stay unread (echoes, a crash's own words, names that are ordinary words).
import { describe, expect, it } from 'vitest';
import { diagnose } from '../../../src/diagnose/diagnose.js';
import { answerOf } from '../answer.js';
import { callOf, toolError } from '../answer.js';
import { table } from '../table.js';

const order = {
  type: 'object',
  properties: {
    order_id: { type: 'string' },
    customer_email: { type: 'string' },
    limit: { type: 'integer' },
    status: { type: 'string', enum: ['open', 'shipped'] },
    note: { type: 'string' },
  },
  required: ['order_id', 'customer_email'],
};
const db = {
  type: 'object',
  properties: { database: { type: 'string' }, schema: { type: 'string' }, table_name: { type: 'string' }, row_limit: { type: 'integer' } },
  required: ['database', 'table_name'],
};
const words = { type: 'object', properties: { type: { type: 'string' }, request: { type: 'string' }, required: { type: 'boolean' }, input: { type: 'string' } } };
const t = (args: Record<string, unknown>) => callOf('t', order, args);
const q = (args: Record<string, unknown>) => callOf('query', db, args);
const missing = (...names: string[]) => names.map((n) => ({ path: [n], problem: 'missing' as const, format: 'prose' as const }));

describe('prose: a quoted name in any script and quote marks, the problem from the call', () => {
  table([
    { name: 'Chinese 「」, required and not sent → missing', frame: toolError('参数「order_id」是必填项。'), call: t({ customer_email: 'a@b.c' }), culprits: missing('order_id') },
    { name: 'Japanese 『』, sent → invalid', frame: toolError('『limit』の値が正しくありません'), call: t({ order_id: 'x', customer_email: 'a@b.c', limit: 900 }), culprits: [{ path: ['limit'], problem: 'invalid', format: 'prose' }] },
    { name: 'Spanish "…", not sent → missing', frame: toolError('El campo "customer_email" es obligatorio.'), call: t({ order_id: 'x' }), culprits: missing('customer_email') },
    { name: 'German „…“, not sent → missing', frame: toolError('Das Feld „order_id“ fehlt in der Anfrage.'), call: t({ customer_email: 'a@b.c' }), culprits: missing('order_id') },
    { name: 'German ‚…‘, sent → invalid', frame: toolError('Der Wert für ‚status‘ ist ungültig.'), call: t({ order_id: 'x', customer_email: 'a@b.c', status: 'lost' }), culprits: [{ path: ['status'], problem: 'invalid', format: 'prose' }] },
    { name: 'French «…», sent → invalid', frame: toolError('Le paramètre « limit » doit être compris entre 1 et 50.'), call: t({ order_id: 'x', customer_email: 'a@b.c', limit: 0 }), culprits: [{ path: ['limit'], problem: 'invalid', format: 'prose' }] },
    { name: 'French ‹…›, not sent → missing', frame: toolError('Il manque ‹customer_email› dans votre demande'), call: t({ order_id: 'x' }), culprits: missing('customer_email') },
    { name: 'Chinese “…” and a backticked name in Spanish', frame: toolError('缺少“order_id”参数', 'Falta `customer_email`, por favor.'), call: t({}), culprits: missing('order_id', 'customer_email') },
    { name: 'Chinese, unquoted between ideographs', frame: toolError('请提供order_id参数'), call: t({ customer_email: 'a@b.c' }), culprits: missing('order_id') },
    { name: 'a sent value of 200 KB (an oversized probe) is no pattern to compile', frame: toolError('参数「note」的取值无效。'), call: t({ order_id: 'x', customer_email: 'a@b.c', note: 'errlint '.repeat(25_000) }), culprits: [{ path: ['note'], problem: 'invalid', format: 'prose' }] },
    { name: 'an optional argument not sent is no culprit without a problem word', frame: toolError('Der Parameter „note“ wird ignoriert.'), call: t({ order_id: 'x', customer_email: 'a@b.c' }), culprits: [] },
    { name: 'an English problem word still decides', frame: toolError('Le champ «limit» must be between 1 and 50'), call: t({ order_id: 'x', customer_email: 'a@b.c', limit: 0 }), culprits: [{ path: ['limit'], problem: 'range', format: 'prose', expected: { min: 1, max: 50 } }] },
  ]);
});

describe('prose: camelCase, Title Case and spaced words for a snake_case name, and back', () => {
  const camel = { type: 'object', properties: { orderId: { type: 'string' }, pageSize: { type: 'integer' } }, required: ['orderId'] };
  table([
    { name: 'camelCase for snake_case: "orderId is required"', frame: toolError('orderId is required'), call: t({ customer_email: 'a@b.c' }), culprits: missing('order_id') },
    { name: 'PascalCase for snake_case: "CustomerEmail must be a valid email"', frame: toolError('CustomerEmail must be a valid email'), call: t({ order_id: 'x', customer_email: 'nope' }), culprits: [{ path: ['customer_email'], problem: 'format', format: 'prose', expected: { format: 'email' } }] },
    { name: 'Title Case words: "Order Id cannot be empty"', frame: toolError('Order Id cannot be empty'), call: t({ order_id: '', customer_email: 'a@b.c' }), culprits: [{ path: ['order_id'], problem: 'length', format: 'prose' }] },
    { name: 'snake_case for camelCase: "page_size must be at most 100"', frame: toolError('page_size must be at most 100'), call: callOf('t', camel, { orderId: 'x', pageSize: 500 }), culprits: [{ path: ['pageSize'], problem: 'range', format: 'prose', expected: { max: 100 } }] },
    { name: 'words two arguments share resolve to neither', frame: toolError('Order Id is required'), call: callOf('t', { type: 'object', properties: { orderId: { type: 'string' }, order_id: { type: 'string' } } }, {}), culprits: [] },
  ]);
});

describe('prose: lists of names, one culprit each', () => {
  table([
    { name: '"a, b and c are required"', frame: toolError('order_id, customer_email and status are required'), call: t({ limit: 1 }), culprits: missing('order_id', 'customer_email', 'status') },
    { name: '"Missing fields: a, b" in words', frame: toolError('Missing fields: order id, customer email'), call: t({}), culprits: missing('order_id', 'customer_email') },
    { name: '"x y z are all required"', frame: toolError('database table_name schema are all required'), call: q({}), culprits: missing('database', 'table_name', 'schema') },
    { name: 'quoted and "or"/"&": "\'database\' & \'table_name\' must be provided"', frame: toolError("Both 'database' & 'table_name' must be provided."), call: q({ row_limit: 5 }), culprits: missing('database', 'table_name') },
    { name: 'a list in German with „…“ quotes', frame: toolError('Pflichtfelder fehlen: „database“, „table_name“'), call: q({}), culprits: missing('database', 'table_name') },
    { name: 'a list in Chinese with 、', frame: toolError('缺少必填参数：database、table_name'), call: q({}), culprits: missing('database', 'table_name') },
    { name: 'a sent name in a "required" list stays out when others are missing', frame: toolError('database and table_name are required'), call: q({ database: 'main' }), culprits: missing('table_name') },
    { name: 'a list after "Bad values for:"', frame: toolError('Request refused, bad values for: limit, status.'), call: t({ order_id: 'x', customer_email: 'a@b.c', limit: -1, status: 'x' }), culprits: [{ path: ['limit'], problem: 'invalid', format: 'prose' }, { path: ['status'], problem: 'invalid', format: 'prose' }] },
    { name: 'a list of invalid ones: "limit, status are invalid"', frame: toolError('limit, status are invalid'), call: t({ order_id: 'x', customer_email: 'a@b.c', limit: -1, status: 'x' }), culprits: [{ path: ['limit'], problem: 'invalid', format: 'prose' }, { path: ['status'], problem: 'invalid', format: 'prose' }] },
  ]);
});

describe('prose: a name asked for in conversation', () => {
  table([
    { name: '"I need the order id to do that"', frame: toolError('I need the order id to do that.'), call: t({ customer_email: 'a@b.c' }), culprits: missing('order_id') },
    { name: '"please give me the customer email"', frame: toolError('Sorry, please give me the customer email first'), call: t({ order_id: 'x' }), culprits: missing('customer_email') },
    { name: '"you forgot the limit"', frame: toolError('Hmm, you forgot the limit!'), call: t({ order_id: 'x', customer_email: 'a@b.c' }), culprits: missing('limit') },
    { name: '"Which database should I use?"', frame: toolError('Which database should I use? Tell me and I will run it.'), call: q({ table_name: 'x' }), culprits: missing('database') },
    { name: '"I can\'t look that up without an order ID"', frame: toolError("I can't look that up without an order ID."), call: t({ customer_email: 'a@b.c' }), culprits: missing('order_id') },
    { name: 'a word that runs on into another noun is not the name: "I need the type of request"', frame: toolError('I need to know the type of request you mean'), call: callOf('t', words, {}), culprits: [] },
    { name: 'who sent it says nothing: "The limit you gave me doesn\'t work"', frame: toolError("The limit you gave me doesn't work here."), call: t({ order_id: 'x', customer_email: 'a@b.c', limit: 0 }), culprits: [{ path: ['limit'], problem: 'invalid', format: 'prose' }] },
    { name: 'asked for when sent: not missing', frame: toolError('I need a real customer email to do that'), call: t({ order_id: 'x', customer_email: 'zz' }), culprits: [{ path: ['customer_email'], problem: 'invalid', format: 'prose' }] },
  ]);
});

describe('prose: a list of parameters is no list of values', () => {
  table([
    { name: '"\'x\' is not a known parameter; expected one of a, b"', frame: toolError("'coupon' is not a known parameter; expected one of order_id, customer_email"), call: t({ order_id: 'x', customer_email: 'a@b.c', coupon: 'X' }), culprits: [{ path: ['coupon'], problem: 'unexpected', format: 'prose' }] },
    { name: '"unknown parameter x, valid parameters are a, b"', frame: toolError('unknown parameter coupon, valid parameters are order_id, customer_email, limit'), call: t({ order_id: 'x', customer_email: 'a@b.c', coupon: 'X' }), culprits: [{ path: ['coupon'], problem: 'unexpected', format: 'prose' }] },
    { name: '"Unrecognized argument \\"gift\\". Accepted arguments: …"', frame: toolError('Unrecognized argument "gift". Accepted arguments: database, schema, table_name'), call: q({ database: 'd', table_name: 't', gift: true }), culprits: [{ path: ['gift'], problem: 'unexpected', format: 'prose' }] },
  ]);
});

describe('prose: "Available <things>:" offers values for the argument of that name', () => {
  table([
    { name: '"Schema \'foo\' not found. Available schemas: main"', frame: toolError("Schema 'foo' not found. Available schemas: main"), call: q({ database: 'd', table_name: 't', schema: 'foo' }), culprits: [{ path: ['schema'], problem: 'enum', format: 'prose', expected: { values: ['main'] } }] },
    { name: '"Available databases: a, b" alone', frame: toolError('Unknown database. Available databases: sales, hr'), call: q({ database: 'x', table_name: 't' }), culprits: [{ path: ['database'], problem: 'enum', format: 'prose', expected: { values: ['sales', 'hr'] } }] },
    { name: 'a quoted value one argument holds, and the list names no argument', frame: toolError('Table "ordrs" does not exist. Existing tables are: orders, users.'), call: q({ database: 'd', table_name: 'ordrs' }), culprits: [{ path: ['table_name'], problem: 'enum', format: 'prose', expected: { values: ['orders', 'users'] } }] },
    { name: 'a value two arguments share locates nothing', frame: toolError("'x' not found. Available tables: orders"), call: q({ database: 'x', table_name: 'x' }), culprits: [] },
  ]);
});

describe('prose: a value in parentheses that one argument holds', () => {
  table([
    { name: '"Received type number (1.5)"', frame: toolError('Received type number (1.5) but wanted a whole number'), call: t({ order_id: 'x', customer_email: 'a@b.c', limit: 1.5 }), culprits: [{ path: ['limit'], problem: 'invalid', format: 'prose' }] },
    { name: '"bad value (abc)"', frame: toolError('bad value (abc)'), call: t({ order_id: 'abc', customer_email: 'a@b.c' }), culprits: [{ path: ['order_id'], problem: 'invalid', format: 'prose' }] },
    { name: 'a value in parentheses two arguments hold', frame: toolError('bad value (abc)'), call: t({ order_id: 'abc', note: 'abc', customer_email: 'a@b.c' }), culprits: [] },
  ]);
});

describe('prose: what is not blamed', () => {
  table([
    { name: 'an echo of every argument: "Arguments: a=1, b=2"', frame: toolError('Request failed. Arguments: order_id=1, limit=2'), call: t({ order_id: '1', limit: 2 }), culprits: [] },
    { name: 'a quoted JSON echo in German', frame: toolError('Fehler bei der Anfrage {"order_id": "ord_1", "customer_email": "a@b.c"}'), call: t({ order_id: 'ord_1', customer_email: 'a@b.c' }), culprits: [] },
    // A crash's quote of an argument the call sent is the code's own property (left out, it names the argument: self-written-answers).
    { name: "a crash: \"Cannot destructure property 'customer_email' of undefined\" for a sent customer_email", frame: toolError("TypeError: Cannot destructure property 'customer_email' of 'args' as it is undefined."), call: t({ order_id: 'x', customer_email: 'a@b.c' }), culprits: [] },
    { name: "a crash: \"(reading 'limit')\"", frame: toolError("Cannot read properties of undefined (reading 'limit')"), call: t({ order_id: 'x', customer_email: 'a@b.c', limit: 3 }), culprits: [] },
    { name: 'ordinary words: "Invalid input", "a required parameter", "the type of request"', frame: toolError('Invalid input: a required parameter is missing for the type of request you made'), call: callOf('t', words, {}), culprits: [] },
    { name: 'a list of every argument the call sent, with no fault', frame: toolError('Searched with database, table_name: no rows.'), call: q({ database: 'd', table_name: 't' }), culprits: [] },
    { name: 'a German sentence naming no argument', frame: toolError('Die Anfrage ist ungültig.'), call: t({}), culprits: [] },
  ]);
});

describe('prose: long answers full of names', () => {
  // Thousands of mentions in one clause: read once per name, not once per mention.
  it('a text of bare names only blames none', () => {
    expect(diagnose(answerOf(toolError('limit '.repeat(3000))), t({ order_id: 'x', customer_email: 'a@b.c', limit: 3 })).culprits).toEqual([]);
  });
  it('thousands of quoted names in another script blame that one once', () => {
    const d = diagnose(answerOf(toolError('「limit」'.repeat(3000))), t({ order_id: 'x', customer_email: 'a@b.c', limit: 3 }));
    expect(d.culprits.map((c) => [c.path, c.problem])).toEqual([[['limit'], 'invalid']]);
  });
});
