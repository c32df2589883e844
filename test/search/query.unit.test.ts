import { buildOrderSearchFilter } from '../../src/modules/search/query/index.ts';

const ORDER_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** Every `?` must have exactly one parameter, or the driver binds values to the wrong places. */
function filter(query: string): { sql: string; params: unknown[] } {
  const result = buildOrderSearchFilter(query);
  expect(result.sql.split('?').length - 1).toBe(result.params.length);
  return result;
}

describe('order search query: simple terms', () => {
  it('matches every order with *', () => {
    expect(filter('*')).toEqual({ sql: 'true', params: [] });
  });

  it('compares status with a parameter and lower-cases it', () => {
    expect(filter('status:COMPLETED')).toEqual({ sql: 'o.status = ?', params: ['completed'] });
  });

  it('accepts the see-transactions status', () => {
    expect(filter('status:see-transactions').params).toEqual(['see-transactions']);
  });

  it('reads a quoted value with spaces and escaped quotes', () => {
    expect(filter('merchant_order_id:"order \\"7\\" a"')).toEqual({
      sql: '(o.merchant_order_id is not null and o.merchant_order_id = ?)',
      params: ['order "7" a'],
    });
  });

  it('accepts single-quoted values', () => {
    expect(filter("merchant_order_id:'A 1'").params).toEqual(['A 1']);
  });

  it('keeps an unquoted value exactly as typed although liqe turns it into a number or boolean', () => {
    expect(filter('merchant_order_id:00123').params).toEqual(['00123']);
    expect(filter('merchant_order_id:1.50').params).toEqual(['1.50']);
    expect(filter('merchant_order_id:true').params).toEqual(['true']);
  });

  it('lower-cases a valid uuid for id', () => {
    expect(filter(`id:${ORDER_ID.toUpperCase()}`)).toEqual({ sql: 'o.id = ?', params: [ORDER_ID] });
  });

  it('upper-cases the currency code', () => {
    expect(filter('currency:eur')).toEqual({ sql: 'o.currency = ?', params: ['EUR'] });
  });

  it('compares amount as an integer', () => {
    expect(filter('amount:995')).toEqual({ sql: 'o.amount = ?', params: [995] });
  });

  it('checks flags with array containment', () => {
    expect(filter('flags:is-test')).toEqual({
      sql: 'o.flags @> cast(array[?] as text[])',
      params: ['is-test'],
    });
  });

  it('matches description case-insensitively as a substring with like wildcards taken literally', () => {
    expect(filter('description:"50%_off\\\\"')).toEqual({
      sql: '(o.description is not null and o.description ilike ?)',
      params: ['%50\\%\\_off\\\\%'],
    });
  });

  it('reads customer fields from the jsonb column', () => {
    expect(filter('customer.email_address:Jane@Example.COM')).toEqual({
      sql: "(o.customer->>'email_address' is not null and lower(o.customer->>'email_address') = ?)",
      params: ['jane@example.com'],
    });
    expect(filter('customer.merchant_customer_id:C-1')).toEqual({
      sql: "(o.customer->>'merchant_customer_id' is not null and o.customer->>'merchant_customer_id' = ?)",
      params: ['C-1'],
    });
  });

  it('matches transaction fields through an exists sub-select', () => {
    expect(filter('transactions.status:Declined')).toEqual({
      sql: 'exists (select 1 from transactions t where t.order_id = o.id and t.status = ?)',
      params: ['declined'],
    });
    expect(filter('transactions.payment_method:credit-card').sql).toContain('t.payment_method = ?');
    expect(filter('transactions.payment_method_brand:VISA')).toEqual({
      sql: 'exists (select 1 from transactions t where t.order_id = o.id and t.payment_method_brand = ?)',
      params: ['visa'],
    });
  });

  it('never puts a value into the SQL text', () => {
    const hostile = "x'); drop table orders; --";
    const result = filter(`merchant_order_id:"${hostile}" OR description:"${hostile}"`);
    expect(result.sql).not.toContain('drop');
    expect(result.params).toContain(hostile);
  });
});

describe('order search query: dates', () => {
  it('treats an exact date as that whole UTC day', () => {
    expect(filter('created:2026-11-21')).toEqual({
      sql: '(o.created_at >= ? and o.created_at < ?)',
      params: ['2026-11-21T00:00:00.000Z', '2026-11-22T00:00:00.000Z'],
    });
  });

  it('bounds the last day there is, 9999-12-31, by infinity', () => {
    expect(filter('created:9999-12-31')).toEqual({
      sql: '(o.created_at >= ? and o.created_at < ?)',
      params: ['9999-12-31T00:00:00.000Z', 'infinity'],
    });
    expect(filter('completed:>9999-12-31').params).toEqual(['infinity']);
  });

  it('runs a date range from the first day start to the end of the last day', () => {
    expect(filter('modified:[2026-11-01 TO 2026-11-21]')).toEqual({
      sql: '(o.modified_at >= ? and o.modified_at < ?)',
      params: ['2026-11-01T00:00:00.000Z', '2026-11-22T00:00:00.000Z'],
    });
  });

  it('reads a range with the same day twice as that day', () => {
    expect(filter('created:[2026-11-21 TO 2026-11-21]').params).toEqual([
      '2026-11-21T00:00:00.000Z',
      '2026-11-22T00:00:00.000Z',
    ]);
  });

  it('crosses month and leap-day boundaries', () => {
    expect(filter('created:[2028-02-29 TO 2028-12-31]').params).toEqual([
      '2028-02-29T00:00:00.000Z',
      '2029-01-01T00:00:00.000Z',
    ]);
  });

  it('excludes the bound days of an exclusive range', () => {
    expect(filter('created:{2026-11-01 TO 2026-11-03}').params).toEqual([
      '2026-11-02T00:00:00.000Z',
      '2026-11-03T00:00:00.000Z',
    ]);
  });

  it('leaves a side open with *', () => {
    expect(filter('created:[2026-11-01 TO *]')).toEqual({
      sql: 'o.created_at >= ?',
      params: ['2026-11-01T00:00:00.000Z'],
    });
  });

  it('guards the nullable completed column so an open range means "has completed"', () => {
    expect(filter('completed:[* TO *]')).toEqual({ sql: 'o.completed_at is not null', params: [] });
    expect(filter('completed:2026-11-21').sql).toBe(
      '(o.completed_at is not null and o.completed_at >= ? and o.completed_at < ?)',
    );
  });

  it('compares whole days with :>, :>=, :< and :<=', () => {
    expect(filter('created:>2026-11-21')).toEqual({
      sql: 'o.created_at >= ?',
      params: ['2026-11-22T00:00:00.000Z'],
    });
    expect(filter('created:>=2026-11-21').params).toEqual(['2026-11-21T00:00:00.000Z']);
    expect(filter('created:<2026-11-21')).toEqual({
      sql: 'o.created_at < ?',
      params: ['2026-11-21T00:00:00.000Z'],
    });
    expect(filter('created:<=2026-11-21')).toEqual({
      sql: 'o.created_at < ?',
      params: ['2026-11-22T00:00:00.000Z'],
    });
  });
});

describe('order search query: amount ranges', () => {
  it('includes both bounds of a square-bracket range', () => {
    expect(filter('amount:[100 TO 200]')).toEqual({
      sql: '(o.amount >= ? and o.amount <= ?)',
      params: [100, 200],
    });
  });

  it('excludes bounds in curly brackets, also mixed', () => {
    expect(filter('amount:{100 TO 200]')).toEqual({
      sql: '(o.amount > ? and o.amount <= ?)',
      params: [100, 200],
    });
    expect(filter('amount:[100 TO 200}').sql).toBe('(o.amount >= ? and o.amount < ?)');
  });

  it('accepts the same amount twice and an open side', () => {
    expect(filter('amount:[0 TO 0]').params).toEqual([0, 0]);
    expect(filter('amount:[* TO 500]')).toEqual({ sql: 'o.amount <= ?', params: [500] });
  });

  it('compares with :> and :<=', () => {
    expect(filter('amount:>100')).toEqual({ sql: 'o.amount > ?', params: [100] });
    expect(filter('amount:<=100')).toEqual({ sql: 'o.amount <= ?', params: [100] });
  });
});

describe('order search query: boolean logic', () => {
  it('joins terms with AND, OR and NOT', () => {
    expect(filter('status:new AND currency:EUR')).toEqual({
      sql: '(o.status = ? and o.currency = ?)',
      params: ['new', 'EUR'],
    });
    expect(filter('status:new OR status:error').sql).toBe('(o.status = ? or o.status = ?)');
    expect(filter('NOT status:new')).toEqual({ sql: 'not (o.status = ?)', params: ['new'] });
  });

  it('treats a leading minus as NOT', () => {
    expect(filter('-status:new').sql).toBe('not (o.status = ?)');
  });

  it('reads a space between terms as AND', () => {
    expect(filter('status:new currency:EUR').sql).toBe('(o.status = ? and o.currency = ?)');
  });

  it('binds AND tighter than OR, although liqe groups left to right', () => {
    expect(filter('status:new OR status:error AND currency:EUR')).toEqual({
      sql: '(o.status = ? or (o.status = ? and o.currency = ?))',
      params: ['new', 'error', 'EUR'],
    });
    expect(filter('status:new currency:EUR OR amount:5').sql).toBe(
      '((o.status = ? and o.currency = ?) or o.amount = ?)',
    );
  });

  it('respects parentheses', () => {
    expect(filter('(status:new OR status:error) AND currency:EUR')).toEqual({
      sql: '((o.status = ? or o.status = ?) and o.currency = ?)',
      params: ['new', 'error', 'EUR'],
    });
    expect(filter('NOT (status:new OR status:error)').sql).toBe('not ((o.status = ? or o.status = ?))');
  });

  it('keeps NOT two-valued on nullable fields so orders without the field match it', () => {
    expect(filter('NOT completed:2026-11-21').sql).toBe(
      'not ((o.completed_at is not null and o.completed_at >= ? and o.completed_at < ?))',
    );
  });

  it('allows * inside a larger query', () => {
    expect(filter('* AND status:new')).toEqual({ sql: '(true and o.status = ?)', params: ['new'] });
  });

  it('keeps parameters in the order of their placeholders', () => {
    const result = filter('amount:[1 TO 2] OR (created:2026-01-01 AND NOT transactions.status:declined)');
    expect(result.params).toEqual([1, 2, '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', 'declined']);
  });
});
