import { parseVaultCardInput, validateCvc } from '../../src/modules/vault/card-input.ts';

const now = new Date('2026-03-15T10:00:00Z');
const SETUP_TOKEN = '6f1c1a8e-4b4c-4d2e-9f3a-2b1c0d9e8f7a';
const validBody = { pan: '4111111111111111', expiry: '122030', setup_token: SETUP_TOKEN, name: 'John Doe' };

function problemsFor(body: unknown) {
  const result = parseVaultCardInput(body, { now });
  if (result.ok) throw new Error('expected the body to be refused');
  return result.problems;
}

describe('parseVaultCardInput', () => {
  it('accepts a complete body and returns it typed', () => {
    expect(parseVaultCardInput(validBody, { now })).toEqual({
      ok: true,
      value: { pan: '4111111111111111', expiry: '122030', name: 'John Doe', setupToken: SETUP_TOKEN },
    });
  });

  it('accepts a body without a name, 12- and 19-digit card numbers', () => {
    const { name: _name, ...withoutName } = validBody;
    expect(parseVaultCardInput(withoutName, { now })).toEqual({
      ok: true,
      value: { pan: '4111111111111111', expiry: '122030', setupToken: SETUP_TOKEN },
    });
    expect(parseVaultCardInput({ ...validBody, pan: '501800000009' }, { now }).ok).toBe(true);
    expect(parseVaultCardInput({ ...validBody, pan: '4111111111111111110' }, { now }).ok).toBe(true);
  });

  it('trims the cardholder name and allows 120 characters', () => {
    const result = parseVaultCardInput({ ...validBody, name: `  ${'A'.repeat(120)}  ` }, { now });
    expect(result.ok && result.value.name).toBe('A'.repeat(120));
  });

  it('accepts a card that expires this month', () => {
    expect(parseVaultCardInput({ ...validBody, expiry: '032026' }, { now }).ok).toBe(true);
  });

  it('refuses a card that expired last month, judged by the injected clock', () => {
    const body = { ...validBody, expiry: '022026' };
    expect(problemsFor(body)).toEqual([{ field: 'expiry', message: 'the card has expired' }]);
    expect(parseVaultCardInput(body, { now: new Date('2026-02-20T00:00:00Z') }).ok).toBe(true);
  });

  it.each([
    ['spaces', '4111 1111 1111 1111', 'must be 12 to 19 digits without spaces'],
    ['11 digits', '41111111112', 'must be 12 to 19 digits without spaces'],
    ['20 digits', '41111111111111111115', 'must be 12 to 19 digits without spaces'],
    ['a wrong check digit', '4111111111111112', 'is not a valid card number (check digit does not match)'],
  ])('refuses a card number with %s', (_case, pan, message) => {
    expect(problemsFor({ ...validBody, pan })).toEqual([{ field: 'pan', message }]);
  });

  it.each([
    ['month 00', '002030'],
    ['month 13', '132030'],
    ['a two-digit year', '1230'],
    ['a slash', '12/2030'],
  ])('refuses an expiry with %s', (_case, expiry) => {
    expect(problemsFor({ ...validBody, expiry })).toEqual([
      { field: 'expiry', message: 'must be MMYYYY with month 01 to 12' },
    ]);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['121 characters', 'A'.repeat(121)],
  ])('refuses a name that is %s', (_case, name) => {
    expect(problemsFor({ ...validBody, name })).toEqual([
      { field: 'name', message: 'must be 1 to 120 characters' },
    ]);
  });

  it('refuses a setup token that is not a uuid', () => {
    expect(problemsFor({ ...validBody, setup_token: 'not-a-uuid' })).toEqual([
      { field: 'setup_token', message: 'must be a uuid' },
    ]);
  });

  it('lists every missing required field', () => {
    expect(problemsFor({})).toEqual([
      { field: 'pan', message: 'is required' },
      { field: 'expiry', message: 'is required' },
      { field: 'setup_token', message: 'is required' },
    ]);
  });

  it('refuses unknown fields, including a CVC', () => {
    expect(problemsFor({ ...validBody, cvc: '123', brand: 'visa' })).toEqual([
      { field: 'cvc', message: 'is not a known field' },
      { field: 'brand', message: 'is not a known field' },
    ]);
  });

  it('refuses a body that is not an object', () => {
    expect(problemsFor(null)).toEqual([{ field: '(body)', message: 'must be a JSON object' }]);
    expect(problemsFor([validBody])).toEqual([{ field: '(body)', message: 'must be a JSON object' }]);
  });

  it('refuses a card number sent as a JSON number', () => {
    expect(problemsFor({ ...validBody, pan: 4111111111111111 })).toEqual([
      { field: 'pan', message: 'must be a string of digits' },
    ]);
  });

  it('never repeats the card number or the CVC in its problems, wherever they were sent', () => {
    const pan = '4111111111111112';
    const bodies = [
      { ...validBody, pan },
      { ...validBody, pan: `${pan} ` },
      { ...validBody, name: pan.repeat(10) },
      { ...validBody, expiry: pan },
      { ...validBody, setup_token: pan },
      { ...validBody, cvc: '987' },
      { ...validBody, [pan]: '987' },
      { ...validBody, [`card_${pan}`]: true },
    ];
    for (const body of bodies) {
      const text = JSON.stringify(problemsFor(body));
      expect(text).not.toContain(pan);
      expect(text).not.toContain('987');
    }
  });
});

describe('validateCvc', () => {
  it('accepts 3 digits for visa and 4 for amex', () => {
    expect(validateCvc('123', 'visa')).toEqual({ ok: true, value: '123' });
    expect(validateCvc('1234', 'amex')).toEqual({ ok: true, value: '1234' });
  });

  it.each([
    ['4 digits for visa', '1234', 'visa', 'must be 3 digits'],
    ['4 digits for an unknown brand', '1234', null, 'must be 3 digits'],
    ['3 digits for amex', '123', 'amex', 'must be 4 digits for amex cards'],
    ['letters', '12a', 'mastercard', 'must be 3 digits'],
    ['a number instead of a string', 123, 'visa', 'must be 3 digits'],
    ['nothing', undefined, 'visa', 'is required'],
    ['an empty string', '', 'visa', 'is required'],
  ] as const)('refuses %s without repeating it', (_case, cvc, brand, message) => {
    const result = validateCvc(cvc, brand);
    expect(result).toEqual({ ok: false, problems: [{ field: 'cvc', message }] });
  });
});
