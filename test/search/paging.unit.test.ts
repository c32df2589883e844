import { SearchQueryError } from '../../src/modules/search/errors.ts';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type PagingInput,
  validatePaging,
} from '../../src/modules/search/paging.ts';

function refusal(input: PagingInput): SearchQueryError {
  try {
    validatePaging(input);
  } catch (error) {
    if (error instanceof SearchQueryError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be refused`);
}

describe('paging input', () => {
  it('starts at the first result with the default size', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(validatePaging({})).toEqual({ mode: 'offset', start: 0, size: 20 });
    expect(validatePaging({ size: null, start: null, search_after: null })).toEqual({
      mode: 'offset',
      start: 0,
      size: 20,
    });
  });

  it('accepts simple paging up to exactly 10,000 results', () => {
    expect(validatePaging({ start: 9000, size: 1000 })).toEqual({ mode: 'offset', start: 9000, size: 1000 });
    expect(validatePaging({ start: 9999, size: 1 })).toEqual({ mode: 'offset', start: 9999, size: 1 });
  });

  it('refuses simple paging beyond 10,000 results and points to search_after', () => {
    const error = refusal({ start: 9999, size: 2 });
    expect(error.code).toBe('invalid_paging');
    expect(error.message).toContain('10000');
    expect(error.message).toContain('search_after');
  });

  it('counts the default size into the 10,000 limit', () => {
    expect(refusal({ start: 9990 }).code).toBe('invalid_paging');
  });

  it('switches to search_after paging, with "-1" or -1 for the first page', () => {
    expect(validatePaging({ search_after: '-1', size: 100 })).toEqual({
      mode: 'search_after',
      searchAfter: '-1',
      size: 100,
    });
    expect(validatePaging({ search_after: -1 })).toEqual({
      mode: 'search_after',
      searchAfter: '-1',
      size: 20,
    });
  });

  it('has no 10,000 limit with search_after', () => {
    expect(validatePaging({ search_after: 'abc', size: MAX_PAGE_SIZE }).size).toBe(1000);
  });

  it('refuses start together with search_after', () => {
    const error = refusal({ start: 0, search_after: '-1' });
    expect(error.code).toBe('invalid_paging');
    expect(error.message).toContain('start and search_after cannot be combined');
  });

  it.each([
    [{ size: 0 }, 'size must be an integer >= 1, got 0'],
    [{ size: 2.5 }, 'size must be an integer >= 1, got 2.5'],
    [{ size: '20' }, 'size must be an integer >= 1, got "20"'],
    [{ size: 1001 }, 'size 1001 is larger than the maximum of 1000'],
    [{ start: -1 }, 'start must be an integer >= 0, got -1'],
    [{ start: 1n }, 'start must be an integer >= 0, got 1'],
    [{ search_after: 5 }, 'search_after must be "-1" or the sort value string'],
    [{ search_after: '' }, 'search_after must be "-1" or the sort value string'],
  ])('refuses %j', (input, message) => {
    const error = refusal(input);
    expect(error.code).toBe('invalid_paging');
    expect(error.message).toContain(message);
  });
});
