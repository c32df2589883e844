import { getNamedType, isNonNullType, isObjectType } from 'graphql';
import { seedProject } from '../factories/project.ts';
import { seedUser } from '../factories/user.ts';
import { buildSdlSchema } from '../helpers/sdl-schema.ts';
import { SESSIONS_SEND_ANY_DOCUMENT, sessionGraphql, signIn } from '../helpers/session.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

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
});
