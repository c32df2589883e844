import { getNamedType, isNonNullType, isObjectType } from 'graphql';
import { buildOrder } from '../factories/order.ts';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { restClient } from '../helpers/http.ts';
import { buildSdlSchema } from '../helpers/sdl-schema.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually } from '../helpers/webhook-receiver.ts';

/** Every root query field that pages, with the required arguments it needs besides (none today). */
function pagingFields(): { field: string; args: string[] }[] {
  const query = buildSdlSchema().getQueryType()!;
  return Object.values(query.getFields())
    .filter((field) => field.args.some((arg) => ['first', 'last', 'after', 'before'].includes(arg.name)))
    .map((field) => {
      const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
      if (required.length > 0)
        throw new Error(`${field.name} needs ${required.map((arg) => arg.name)}: add it here`);
      expect(isObjectType(getNamedType(field.type))).toBe(true);
      return { field: field.name, args: field.args.map((arg) => arg.name) };
    });
}

const BAD_VALUES: [string, string][] = [
  ['first', '0'],
  ['first', '-1'],
  ['first', '100000'],
  ['last', '0'],
  ['after', '"zz"'],
  ['before', '"zz"'],
];

describe('paging arguments', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({
      ...SESSIONS_SEND_ANY_DOCUMENT,
      NODE_ENV: 'production',
      GRAPHQL_MAX_COST: '10000000',
    });
  });
  afterAll(() => app.stop());

  it('answers every bad paging argument of every paging field with BAD_USER_INPUT naming the argument', async () => {
    const project = await seedProject(app);
    const admin = await seedUser(app, project.projectId, 'admin');
    const gql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, admin.email, admin.password));
    const fields = pagingFields();
    expect(fields.map((field) => field.field)).toEqual(
      expect.arrayContaining(['paymentLinks', 'auditLog', 'orders', 'events', 'webhookDeliveries']),
    );
    const answers: { case: string; code: unknown; namesArgument: boolean }[] = [];
    for (const { field, args } of fields) {
      for (const [argument, value] of BAD_VALUES) {
        if (!args.includes(argument)) continue;
        const { errors } = await gql(`{ ${field}(${argument}: ${value}) { __typename } }`);
        answers.push({
          case: `${field}(${argument}: ${value})`,
          code: errors?.[0]?.extensions?.code,
          namesArgument:
            errors?.[0]?.extensions?.field === argument ||
            new RegExp(`\\b${argument}\\b`).test(errors?.[0]?.message ?? ''),
        });
      }
    }
    expect(answers.length).toBeGreaterThan(15);
    expect(answers).toEqual(
      answers.map((answer) => ({ ...answer, code: 'BAD_USER_INPUT', namesArgument: true })),
    );
  });

  it('refuses in every paging field a cursor another one made, as it refuses a malformed one', async () => {
    // One item in every list: a payment link, an order (its events, its cancellation's webhook delivery), and
    // the audit entries of the sign-in and the writes.
    const project = await seedProject(app, { webhookUrl: 'https://hooks.shop.example/gateway' });
    const admin = await seedUser(app, project.projectId, 'admin');
    const gql = sessionGraphql(app.baseUrl, await signIn(app.baseUrl, admin.email, admin.password));
    const api = restClient(app.baseUrl, project.apiKey);
    expect((await api.post('/v1/payment-links/', { amount: 1250, currency: 'EUR' })).status).toBe(201);
    const order = await api.post<{ id: string }>('/v1/orders/', buildOrder());
    expect((await api.call('PUT', `/v1/orders/${order.body.id}/`, { status: 'cancelled' })).status).toBe(200);
    const fields = pagingFields().filter(({ args }) => args.includes('after'));
    const cursors = new Map<string, string>();
    for (const { field } of fields) {
      const cursor = await eventually(
        async () => {
          const { data, errors } = await gql<Record<string, { pageInfo: { endCursor: string | null } }>>(
            `{ ${field}(first: 1) { pageInfo { endCursor } } }`,
          );
          expect(errors).toBeUndefined();
          return data![field]!.pageInfo.endCursor ?? undefined;
        },
        10_000,
        `a cursor of ${field}`,
      );
      cursors.set(field, cursor);
    }
    expect([...cursors.keys()]).toEqual(
      expect.arrayContaining(['paymentLinks', 'auditLog', 'orders', 'events', 'webhookDeliveries']),
    );

    const answers: { case: string; code: unknown; namesArgument: boolean }[] = [];
    for (const { field } of fields) {
      // Its own cursor pages on.
      const own = await gql(
        `{ ${field}(first: 1, after: ${JSON.stringify(cursors.get(field))}) { __typename } }`,
      );
      expect({ field, errors: own.errors }).toEqual({ field, errors: undefined });
      for (const [from, cursor] of cursors) {
        if (from === field) continue;
        const { errors } = await gql(
          `{ ${field}(first: 1, after: ${JSON.stringify(cursor)}) { __typename } }`,
        );
        answers.push({
          case: `${field}(after: a cursor of ${from})`,
          code: errors?.[0]?.extensions?.code,
          namesArgument:
            errors?.[0]?.extensions?.field === 'after' || /\bafter\b/.test(errors?.[0]?.message ?? ''),
        });
      }
    }
    expect(answers).toEqual(
      answers.map((answer) => ({ ...answer, code: 'BAD_USER_INPUT', namesArgument: true })),
    );
  });
});
