import { SearchQueryError } from '../../src/modules/search/errors.ts';
import { buildOrderSearchFilter, MAX_QUERY_LENGTH } from '../../src/modules/search/query/index.ts';

function refusal(query: string): SearchQueryError {
  try {
    buildOrderSearchFilter(query);
  } catch (error) {
    if (error instanceof SearchQueryError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(query)} to be refused`);
}

describe('order search query errors', () => {
  it.each([
    ['status:new AND colour:red', 'unknown_field', 15, 'Unknown field "colour"'],
    ['foo', 'missing_field', 0, 'Term "foo" has no field'],
    ['status:new and currency:EUR', 'syntax_error', 11, 'write AND in capitals'],
    ['status:new) ', 'syntax_error', 10, 'unexpected ")"'],
    ['status:new AND', 'syntax_error', 14, 'the query ends early'],
    ['(status:new OR status:error', 'syntax_error', 27, 'the query ends early'],
    ['status:"new', 'syntax_error', 7, 'Unclosed quote'],
    ['()', 'syntax_error', 1, 'Empty expression'],
    ['status:', 'missing_value', 7, 'Field "status" has no value'],
    ['id:12345', 'invalid_value', 3, '"12345" is not a valid uuid'],
    ['status:complete', 'invalid_value', 7, '"complete" is not an order status'],
    ['currency:EURO', 'invalid_value', 9, 'not a three-letter ISO 4217 currency code'],
    ['amount:9.95', 'invalid_value', 7, 'Amount "9.95" is not a non-negative integer'],
    ['amount:-5', 'invalid_value', 7, 'Amount "-5" is not a non-negative integer'],
    ['amount:99999999999999999999', 'invalid_value', 7, 'is too large'],
    ['amount:[1.5 TO 3]', 'invalid_value', 8, 'Amount "1.5"'],
    ['created:2026-02-30', 'invalid_value', 8, '"2026-02-30" is not a valid date'],
    ['created:21-11-2026', 'invalid_value', 8, 'write dates as YYYY-MM-DD'],
    ['created:[2026-11-01 TO 2026-13-01]', 'invalid_value', 23, '"2026-13-01" is not a valid date'],
    ['created:[2026-11-05 TO 2026-11-01]', 'invalid_range', 8, 'is empty'],
    ['created:{2026-11-05 TO 2026-11-05}', 'invalid_range', 8, 'is empty'],
    ['amount:[200 TO 100]', 'invalid_range', 7, 'Amount range "200 TO 100" is empty'],
    ['amount:{5 TO 6}', 'invalid_range', 7, 'is empty'],
    ['created:[2026-11-01 to 2026-11-02]', 'invalid_range', 8, 'Malformed range'],
    ['created:[2026-11-01 TO 2026-11-02', 'invalid_range', 8, 'Range is not closed'],
    ['status:[a TO b]', 'invalid_range', 7, 'Field "status" does not take a range'],
    ['status:>new', 'unsupported_syntax', 6, 'Field "status" does not support ":>"'],
    ['description:shoe*', 'unsupported_syntax', 12, 'Wildcards are not supported'],
    ['status:/new/', 'unsupported_syntax', 7, 'Regular expressions are not supported'],
  ])('refuses %j with %s at position %i', (query, code, position, problem) => {
    const error = refusal(query);
    expect(error.code).toBe(code);
    expect(error.position).toBe(position);
    expect(error.message).toContain(problem);
    expect(error.message).toContain(`at position ${position}`);
  });

  it('lists the known fields when a field is unknown', () => {
    expect(refusal('colour:red').message).toContain('known fields: id, merchant_order_id, status');
  });

  it('names the valid order statuses', () => {
    expect(refusal('status:done').message).toContain('new, processing, completed, cancelled, expired, error');
  });

  it('refuses an empty query and points to *', () => {
    const error = refusal('   ');
    expect(error.code).toBe('empty_query');
    expect(error.position).toBeUndefined();
    expect(error.message).toContain('use *');
  });

  it('refuses a query longer than the maximum', () => {
    const query = `merchant_order_id:"${'x'.repeat(MAX_QUERY_LENGTH)}"`;
    expect(refusal(query).code).toBe('query_too_long');
  });

  it('points into the original query after a replaced date range', () => {
    const error = refusal('created:[2026-11-01 TO 2026-11-02] AND colour:red');
    expect(error.position).toBe(39);
  });

  it('is an Error named SearchQueryError', () => {
    const error = refusal('colour:red');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SearchQueryError');
  });
});
