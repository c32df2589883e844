import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getOperationAST, parse, validate } from 'graphql';
import { Webhook } from 'standardwebhooks';
import { loadExampleOperations } from '../../src/platform/graphql/explorer/examples.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { liveClient } from '../helpers/graphql-ws.ts';
import { buildSdlSchema } from '../helpers/sdl-schema.ts';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';
import { eventually, startReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { documentationFiles } from './markdown.ts';
import { differences, type Recipe, recipesOf, substitute, valueAt } from './recipes.ts';

/**
 * Every recipe of README.md and docs/ runs, in order, against the real server started as `npm start` starts
 * it, with the shell variables its banner prints. Each page starts with only those: what a recipe saves is
 * kept for the next recipes of the same page.
 */
const run = promisify(execFile);
const schema = buildSdlSchema();
const pages = documentationFiles()
  .map((file) => ({ file: file.file, recipes: recipesOf(file) }))
  .filter((page) => page.recipes.length > 0);

let server: ServerProcess;
let receiver: WebhookReceiver;
let workDir: string;
let banner: Record<string, string>;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'docs-recipes-'));
  receiver = await startReceiver();
  server = await startServerProcess(
    { DATABASE_URL: await createTestDatabase(), NODE_ENV: 'development' },
    { readyText: 'PORTAL_PASSWORD=' },
  );
  banner = bannerVariables(server.output.join(''));
}, 60_000);

afterAll(async () => {
  await server?.kill();
  await receiver?.close();
  await rm(workDir, { recursive: true, force: true });
});

/** The variables of the banner's `export BASE_URL=… API_KEY=… PORTAL_EMAIL=… PORTAL_PASSWORD=…` line. */
function bannerVariables(output: string): Record<string, string> {
  const exported = /export (BASE_URL=.*?PORTAL_PASSWORD=\S+)/s.exec(output)?.[1];
  if (!exported) throw new Error(`the start banner has no export line:\n${output}`);
  return Object.fromEntries(
    exported
      .replace(/\\\s*\n\s*/g, ' ')
      .split(/\s+/)
      .map((pair) => pair.split('=', 2) as [string, string]),
  );
}

interface Answer {
  status: number;
  body: string;
}

async function runCurl(recipe: Recipe, variables: Record<string, string>): Promise<Answer> {
  const body = path.join(workDir, 'body');
  const headers = path.join(workDir, 'headers');
  await writeFile(body, '');
  await writeFile(headers, '');
  // The block runs as written; curl only also writes what it got where the test can read it.
  const script = [
    'set -euo pipefail',
    `curl() { command curl -sS --max-time 20 -D ${headers} -o ${body} "$@"; }`,
    recipe.text,
  ].join('\n');
  await run('bash', ['-c', script], {
    cwd: workDir,
    env: { PATH: process.env.PATH ?? '', HOME: workDir, ...variables },
    timeout: 30_000,
  });
  const statuses = [...(await readFile(headers, 'utf8')).matchAll(/^HTTP\/[\d.]+ (\d{3})/gm)];
  return { status: Number(statuses.at(-1)?.[1] ?? 0), body: await readFile(body, 'utf8') };
}

/**
 * A subscription recipe answers with its first payload: it subscribes over graphql-ws with the API key, as the
 * docs' client does, and takes the first event (recipes replay what they need with `afterEvent`).
 */
async function runSubscription(recipe: Recipe, variables: Record<string, string>): Promise<Answer> {
  const live = liveClient(variables.BASE_URL!, { apiKey: variables.API_KEY });
  try {
    await live.connected;
    const subscription = live.subscribe(recipe.text, graphqlVariables(recipe, variables));
    const [first] = await subscription.waitFor(1, 10_000);
    subscription.stop();
    return { status: 200, body: JSON.stringify({ data: first }) };
  } finally {
    await live.dispose();
  }
}

function graphqlVariables(recipe: Recipe, variables: Record<string, string>): Record<string, unknown> {
  return recipe.variables === null ? {} : JSON.parse(substitute(recipe.variables, variables));
}

async function runGraphql(recipe: Recipe, variables: Record<string, string>): Promise<Answer> {
  if (getOperationAST(parse(recipe.text))?.operation === 'subscription')
    return runSubscription(recipe, variables);
  const response = await fetch(`${variables.BASE_URL}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${variables.API_KEY}:`).toString('base64')}`,
    },
    body: JSON.stringify({
      query: recipe.text,
      variables: graphqlVariables(recipe, variables),
    }),
  });
  return { status: response.status, body: await response.text() };
}

/** What is wrong with an answer, measured against the recipe's `# answers` line. */
function mismatches(recipe: Recipe, answer: Answer, variables: Record<string, string>): string[] {
  const expected = recipe.answers!;
  const problems: string[] = [];
  if (answer.status !== expected.status)
    problems.push(`status ${answer.status}, documented ${expected.status}`);
  if (expected.text !== null && !answer.body.includes(substitute(expected.text, variables))) {
    problems.push(`the body does not contain ${JSON.stringify(expected.text)}`);
  }
  if (expected.json !== null) {
    problems.push(...differences(parsed(answer.body), JSON.parse(substitute(expected.json, variables))));
  }
  if (recipe.kind === 'graphql' && (parsed(answer.body) as { errors?: unknown })?.errors) {
    problems.push('the response has errors');
  }
  return problems;
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** What each page's recipes saved, for checks on what they caused. */
const savedByPage = new Map<string, Record<string, string>>();

describe.each(pages.map((page) => [page.file, page.recipes] as const))(
  'the recipes of %s',
  (file, recipes) => {
    const variables: Record<string, string> = {};
    savedByPage.set(file, variables);
    beforeAll(() => {
      Object.assign(variables, banner, { WEBHOOK_URL: receiver.url });
    });

    it.each(recipes.map((recipe) => [`line ${recipe.line}`, recipe] as const))(
      '%s answers as documented',
      async (_line, recipe) => {
        const where = `${recipe.file}:${recipe.line}`;
        if (recipe.kind === 'graphql') {
          if (recipe.schemaExcerpt) return;
          expect({
            where,
            errors: validate(schema, parse(recipe.text)).map((error) => error.message),
          }).toEqual({
            where,
            errors: [],
          });
        }
        if (recipe.notRun !== null) return;
        if (recipe.answers === null) {
          // A curl recipe must say what it answers; a GraphQL block without `# answers` is only validated.
          expect({ where, problem: recipe.kind === 'curl' ? 'no "# answers" line' : null }).toEqual({
            where,
            problem: null,
          });
          return;
        }
        const answer =
          recipe.kind === 'curl' ? await runCurl(recipe, variables) : await runGraphql(recipe, variables);
        expect({
          where,
          problems: mismatches(recipe, answer, variables),
          body: answer.body.slice(0, 2000),
        }).toEqual({
          where,
          problems: [],
          body: answer.body.slice(0, 2000),
        });
        for (const save of recipe.saves) {
          const value = valueAt(parsed(answer.body), save.path);
          expect({ where, [save.name]: typeof value }).toEqual({
            where,
            [save.name]: expect.stringMatching(/^(string|number)$/),
          });
          variables[save.name] = String(value);
        }
      },
    );
  },
);

describe('the example operations of docs/graphql/ (the explorer tabs)', () => {
  const runnable = loadExampleOperations().filter(
    (example) => getOperationAST(parse(example.query))?.operation !== 'subscription',
  );

  it.each(runnable.map((example) => [example.file, example] as const))(
    '%s runs with its variables and answers data without errors',
    async (_file, example) => {
      const response = await fetch(`${banner.BASE_URL}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${banner.API_KEY}:`).toString('base64')}`,
        },
        body: JSON.stringify({ query: example.query, variables: JSON.parse(example.variables ?? '{}') }),
      });
      const body = (await response.json()) as { data?: Record<string, unknown> | null; errors?: unknown };
      expect({ status: response.status, errors: body.errors }).toEqual({ status: 200, errors: undefined });
      expect(Object.values(body.data ?? {}).length).toBeGreaterThan(0);
    },
  );
});

describe('what the recipes of docs/webhooks.md caused', () => {
  it('the payment sent a status webhook to $WEBHOOK_URL that verifies with the secret the page saved', async () => {
    const saved = savedByPage.get('docs/webhooks.md')!;
    const webhook = new Webhook(saved.WEBHOOK_SECRET!);
    const verified = (body: string, headers: Record<string, string>): { order_id?: string } | undefined => {
      try {
        return webhook.verify(body, headers) as { order_id?: string };
      } catch {
        return undefined;
      }
    };
    const notification = await eventually(
      () =>
        receiver.received
          .map((request) => verified(request.body, request.headers as Record<string, string>))
          .find((payload) => payload?.order_id === saved.ORDER_ID),
      15_000,
      'a verified status webhook of the order paid on docs/webhooks.md',
    );
    expect(notification).toEqual({
      event: 'status_changed',
      order_id: saved.ORDER_ID,
      project_id: expect.any(String),
    });
  });
});
