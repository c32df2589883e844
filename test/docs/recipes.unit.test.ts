import { parseMarkdown } from './markdown.ts';
import { differences, recipesOf, substitute, valueAt } from './recipes.ts';

const page = parseMarkdown(
  'docs/example.md',
  [
    '```sh',
    'curl -u "$API_KEY:" "$BASE_URL/v1/orders/"',
    '# answers 201 {"status": "new"}',
    '# save ORDER_ID=.id TRANSACTION_ID=.transactions[0].id',
    '```',
    '',
    '```sh',
    'npm start',
    '```',
    '',
    '```graphql',
    'query Order($id: ID!) { order(id: $id) { status } }',
    '# variables {"id": "$ORDER_ID"}',
    '# answers {"data": {"order": {"status": "COMPLETED"}}}',
    '```',
    '',
    '```sh',
    'curl "$ORDER_URL"',
    '# answers 200 "Payment completed"',
    '```',
  ].join('\n'),
);

describe('reading the recipes of a page', () => {
  const recipes = recipesOf(page);

  it('takes the curl and GraphQL blocks, in order, and leaves other shell blocks alone', () => {
    expect(recipes.map((recipe) => [recipe.kind, recipe.line])).toEqual([
      ['curl', 1],
      ['graphql', 11],
      ['curl', 17],
    ]);
  });

  it('reads the status, the JSON the answer contains, and what to save', () => {
    expect(recipes[0]!.answers).toEqual({ status: 201, json: '{"status": "new"}', text: null });
    expect(recipes[0]!.saves).toEqual([
      { name: 'ORDER_ID', path: '.id' },
      { name: 'TRANSACTION_ID', path: '.transactions[0].id' },
    ]);
  });

  it('reads a GraphQL block with its variables, status 200 implied', () => {
    expect(recipes[1]!.variables).toBe('{"id": "$ORDER_ID"}');
    expect(recipes[1]!.answers?.status).toBe(200);
  });

  it('reads a quoted text the body must contain', () => {
    expect(recipes[2]!.answers).toEqual({ status: 200, json: null, text: 'Payment completed' });
  });

  it('refuses a save that is not NAME=.path', () => {
    const bad = parseMarkdown('x.md', '```sh\ncurl x\n# answers 200\n# save order_id\n```\n');
    expect(() => recipesOf(bad)).toThrow('is not NAME=.path');
  });
});

describe('placeholders and paths', () => {
  it('puts saved values in, and names a variable nobody saved', () => {
    expect(substitute('{"id": "$ORDER_ID"}', { ORDER_ID: 'a"b' })).toBe('{"id": "a\\"b"}');
    expect(() => substitute('$VAULT_TOKEN', {})).toThrow('$VAULT_TOKEN is not set');
  });

  it('follows jq paths through objects and arrays', () => {
    const order = { id: 'o1', transactions: [{ payment_method_details: { setup_token: 's1' } }] };
    expect(valueAt(order, '.transactions[0].payment_method_details.setup_token')).toBe('s1');
    expect(valueAt(order, '.transactions[1].id')).toBeUndefined();
    expect(() => valueAt(order, 'transactions')).toThrow('is not a simple jq path');
  });
});

describe('comparing an answer with what the docs say it contains', () => {
  const answer = {
    status: 'completed',
    flags: ['is-test', 'has-refunds'],
    transactions: [{ status: 'accepted' }],
  };

  it('accepts an answer with every listed key and more', () => {
    expect(differences(answer, { status: 'completed', transactions: [{ status: 'accepted' }] })).toEqual([]);
  });

  it('names each value that differs, with its path', () => {
    expect(differences(answer, { status: 'new', transactions: [{ status: 'declined' }] })).toEqual([
      '.status: expected "new", got "completed"',
      '.transactions[0].status: expected "declined", got "accepted"',
    ]);
  });

  it('reads an array as its first items, and an empty one as empty', () => {
    expect(differences(answer, { flags: ['is-test'] })).toEqual([]);
    expect(differences(answer, { flags: ['has-refunds'] })).toEqual([
      '.flags[0]: expected "has-refunds", got "is-test"',
    ]);
    expect(differences(answer, { flags: [] })).toEqual(['.flags: expected an empty array, got 2']);
  });

  it('refuses a body that is not the documented shape', () => {
    expect(differences('<html>', { status: 'new' })).toEqual(['.: expected an object, got "<html>"']);
  });
});
