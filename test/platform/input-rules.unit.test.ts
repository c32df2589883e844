import { Writable } from 'node:stream';
import pino from 'pino';
import { z } from 'zod';
import { checkInput } from '../../src/platform/errors/zod.ts';
import { loggerOptions, serializeError } from '../../src/platform/http/logger.ts';
import {
  compareJsonbKeys,
  freeFormJsonObject,
  freeFormJsonProblem,
  inJsonbKeyOrder,
  inputTextProblems,
  jsonDepth,
} from '../../src/platform/validation/json.ts';
import { text, textProblem } from '../../src/platform/validation/text.ts';

/** `{"a":{"a":…1…}}`, built without recursion. */
function nestedObject(levels: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
}

describe('the text rule', () => {
  it.each([
    ['plain text', 'Two tickets', null],
    ['a surrogate pair (an emoji)', 'fun 😀', null],
    ['a NUL', 'a\u0000b', /NUL/],
    ['a lone high surrogate', 'a\ud83db', /unpaired UTF-16 surrogate/],
    ['a lone low surrogate at the start', '\ude00b', /unpaired UTF-16 surrogate/],
    ['a high surrogate at the end', 'ab\ud83d', /unpaired UTF-16 surrogate/],
  ])('judges %s', (_name, value, problem) => {
    const found = textProblem(value);
    if (problem) expect(found).toMatch(problem);
    else expect(found).toBeNull();
  });

  it('runs before the length check, so a text field gives one problem', () => {
    const result = checkInput(z.strictObject({ note: text({ max: 3 }) }), { note: 'abcd\u0000' });
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: 'note', code: 'invalid_text', message: 'must not contain the NUL character (U+0000)' },
      ],
    });
  });

  it('reaches strings no schema declared: unknown values, keys and array items', () => {
    expect(inputTextProblems({ a: ['ok', 'x\u0000'], b: { 'k\ud800': 1 }, c: 2 })).toEqual([
      { field: 'a.1', code: 'invalid_text', message: 'must not contain the NUL character (U+0000)' },
      {
        field: 'b',
        code: 'invalid_text',
        message: 'has a field name that contains an unpaired UTF-16 surrogate',
      },
    ]);
  });
});

describe('free-form JSON limits', () => {
  it('measure depth without recursion, even 100,000 levels deep', () => {
    const deep = nestedObject(100_000);
    expect(jsonDepth(deep, 64)).toBe(65);
    expect(freeFormJsonProblem(deep)).toEqual({
      code: 'too_deep',
      message: 'must not be nested deeper than 32 levels',
    });
    expect(() => inputTextProblems({ extra: deep })).not.toThrow();
  });

  it('allow exactly 32 levels and 16 KiB of compact JSON', () => {
    expect(freeFormJsonProblem(nestedObject(32))).toBeNull();
    // {"b":"…"} is 8 bytes besides the string's content.
    expect(freeFormJsonProblem({ b: 'x'.repeat(16 * 1024 - 8) })).toBeNull();
    expect(freeFormJsonProblem({ b: 'x'.repeat(16 * 1024 - 7) })).toEqual({
      code: 'too_big',
      message: 'must be at most 16 KiB of JSON',
    });
    expect(JSON.stringify({ b: 'x'.repeat(16 * 1024 - 8) }).length).toBe(16 * 1024);
  });

  it('count bytes as UTF-8, as the stored JSON does', () => {
    expect(freeFormJsonProblem({ b: 'é'.repeat(8 * 1024) })).toMatchObject({ code: 'too_big' });
  });

  it('refuse a number JSON cannot write back (1e400 parses to Infinity)', () => {
    expect(freeFormJsonProblem({ list: [1, Number.POSITIVE_INFINITY] })).toEqual({
      code: 'invalid_value',
      message: 'the number at list.1 must be finite',
    });
  });

  it('name where inside the value a string breaks the text rule, without echoing it', () => {
    expect(freeFormJsonProblem({ list: [1, { 'bad\u0000': true }] })).toEqual({
      code: 'invalid_text',
      message: 'the field name at list.1.(unknown field) must not contain the NUL character (U+0000)',
    });
  });
});

describe("free-form JSON in jsonb's key order", () => {
  it('orders keys shorter first (in UTF-8 bytes), then bytewise, as jsonb stores them', () => {
    const keys = ['zebra', 'é', 'b', 'aa', 'Z', '😀', '€', 'ab', 'a'];
    expect([...keys].sort(compareJsonbKeys)).toEqual(['Z', 'a', 'b', 'aa', 'ab', 'é', '€', '😀', 'zebra']);
    // U+FFFD is 3 bytes in UTF-8, a surrogate pair 4, although U+FFFD sorts after it in UTF-16 code units.
    expect(['😀', '\ufffd'].sort(compareJsonbKeys)).toEqual(['\ufffd', '😀']);
  });

  it('reorders objects at every depth, keeps arrays in order, and leaves the input alone', () => {
    const input = { bb: [{ dd: 1, c: { yy: 2, x: 3 } }, 'z', 'a'], a: null };
    const ordered = inJsonbKeyOrder(input);
    expect(JSON.stringify(ordered)).toBe('{"a":null,"bb":[{"c":{"x":3,"yy":2},"dd":1},"z","a"]}');
    expect(JSON.stringify(input)).toBe('{"bb":[{"dd":1,"c":{"yy":2,"x":3}},"z","a"],"a":null}');
  });

  it('walks without recursion', () => {
    expect(jsonDepth(inJsonbKeyOrder(nestedObject(100_000)), 200_000)).toBe(100_000);
  });

  it('is what the free-form field parses to', () => {
    expect(JSON.stringify(freeFormJsonObject().parse({ b: 1, a: { d: 1, c: 2 } }))).toBe(
      '{"a":{"c":2,"d":1},"b":1}',
    );
  });
});

describe('error logs', () => {
  /** What node-postgres and MikroORM make of a jsonb insert with a lone surrogate in it. */
  function databaseError(): Error {
    const error = new Error(
      'invalid input syntax for type json: "John\\ud800"\n - detail: Unicode low surrogate must follow a high surrogate.',
    ) as Error & Record<string, unknown>;
    Object.assign(error, {
      code: '22P02',
      severity: 'ERROR',
      detail: 'Unicode low surrogate must follow a high surrogate.',
      where: 'JSON data, line 1: {"name":"John\\ud800...',
      parameters: ['John Doe', '4111111111111111'],
      query: 'insert into orders (customer) values (\'{"name":"John\\ud800"}\')',
      routine: 'json_errsave_error',
    });
    error.name = 'DriverException';
    return error;
  }

  it('keep what helps an operator and drop every value the database echoed', () => {
    const serialized = serializeError(databaseError());
    expect(serialized).toEqual({
      type: 'Error',
      message: 'invalid input syntax for type json',
      code: '22P02',
      severity: 'ERROR',
      routine: 'json_errsave_error',
      stack: expect.stringMatching(/^Error: invalid input syntax for type json\n\s+at /),
    });
    expect(JSON.stringify(serialized)).not.toMatch(/John|4111|detail|where|insert/);
  });

  it('apply to every logger of the service, causes included', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    pino(loggerOptions('info'), sink).error(
      { err: new Error('wrapped', { cause: databaseError() }) },
      'failed',
    );
    const line = lines.join('');
    expect(line).toContain('invalid input syntax for type json');
    expect(line).not.toMatch(/John|4111111111111111|JSON data/);
  });
});
