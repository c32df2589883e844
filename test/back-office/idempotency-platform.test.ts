import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { IdempotencyRepository } from '../../src/platform/http/idempotency.repository.ts';
import { IDEMPOTENCY_LEASE_MS, registerIdempotency } from '../../src/platform/http/idempotency.ts';
import { createHttpServer } from '../../src/platform/http/server.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { waitFor } from './support.ts';

/**
 * The idempotency hooks on a bare server with routes made to fail or hang on purpose (the real routes never
 * do so on demand), over the real database.
 */
describe('idempotency hooks', () => {
  let app: TestApp;
  let server: FastifyInstance;
  let projectId: string;
  let offset = 0;
  const calls = new Map<string, number>();
  let release: () => void = () => undefined;
  // The owner lock the claims name: the app's live process by default.
  let owner: () => number | null = () => app.runtime.services.notifications.ownerId();

  beforeAll(async () => {
    app = await startTestApp();
    projectId = (await seedProject(app)).projectId;
    server = createHttpServer({ logger: pino({ level: 'silent' }), requestTimeoutMs: 30_000 });
    registerIdempotency(server, {
      scopeOf: async (request) =>
        request.headers['x-project'] === 'none' ? null : { projectId, callerId: 'the test' },
      secret: Buffer.from('test-idempotency-secret-of-32-characters'),
      db: app.runtime.deps.db,
      now: () => new Date(Date.now() + offset),
      ownerId: () => owner(),
    });
    const count = (name: string) => {
      const n = (calls.get(name) ?? 0) + 1;
      calls.set(name, n);
      return n;
    };
    server.post('/flaky', async (_request, reply) => {
      if (count('flaky') === 1) throw new Error('database went away');
      return reply.code(201).send({ attempt: calls.get('flaky') });
    });
    server.post('/busy', async (_request, reply) => {
      count('busy');
      return reply.code(409).send({ error: 'try later' });
    });
    server.post('/slow', async (_request, reply) => {
      const n = count('slow');
      if (n === 1 || n === 3) await new Promise<void>((resolve) => (release = resolve));
      return reply.code(201).send({ attempt: n });
    });
    server.post('/counted', async (_request, reply) => reply.code(201).send({ attempt: count('counted') }));
    await server.ready();
  });
  afterAll(async () => {
    await server.close();
    await app.stop();
  });

  const post = (url: string, key: string, headers: Record<string, string> = {}) =>
    server.inject({
      method: 'POST',
      url,
      payload: { a: 1 },
      headers: { 'idempotency-key': key, ...headers },
    });

  it('releases the key after a 5xx so that the retry runs and its answer is the one kept', async () => {
    const key = randomUUID();
    const failed = await post('/flaky', key);
    const retried = await post('/flaky', key);
    const replayed = await post('/flaky', key);

    expect(failed.statusCode).toBe(500);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual({ attempt: 2 });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual({ attempt: 2 });
    expect(calls.get('flaky')).toBe(2);
  });

  it('does not keep a 409 answer either', async () => {
    const key = randomUUID();
    await post('/busy', key);
    await post('/busy', key);
    expect(calls.get('busy')).toBe(2);
    // Given back (`released`): no answer is kept, and the next request with the key runs.
    expect(
      await sql(app.databaseUrl, 'select state, response_body from idempotency_keys where key = $1', [key]),
    ).toEqual([{ state: 'released', response_body: null }]);
  });

  it('stores the response before it is sent', async () => {
    const key = randomUUID();
    await post('/counted', key);
    const [row] = await sql(
      app.databaseUrl,
      'select state, response_status, response_body, method, path from idempotency_keys where key = $1',
      [key],
    );
    expect(row).toEqual({
      state: 'completed',
      response_status: 201,
      response_body: '{"attempt":1}',
      method: 'POST',
      path: '/counted',
    });
  });

  it('purges keys past their retention while serving requests, and only those', async () => {
    const [kept, old] = [randomUUID(), randomUUID()];
    await post('/counted', old);
    offset += 25 * 60 * 60 * 1000;
    await post('/counted', kept);
    const keysLeft = () =>
      sql<{ key: string }>(app.databaseUrl, 'select key from idempotency_keys where key = any($1)', [
        [kept, old],
      ]);
    await waitFor(async () => (await keysLeft()).length === 1);
    expect(await keysLeft()).toEqual([{ key: kept }]);
  });

  it('reports how many expired keys a purge deleted', async () => {
    await post('/counted', randomUUID());
    const purged = await app.runtime.deps.db.read((uow) =>
      new IdempotencyRepository(uow).purgeExpired(new Date(Date.now() + offset + 25 * 60 * 60 * 1000)),
    );
    expect(purged).toBeGreaterThanOrEqual(1);
  });

  it('ignores requests whose caller has no project', async () => {
    const key = randomUUID();
    const before = calls.get('counted') ?? 0;
    await post('/counted', key, { 'x-project': 'none' });
    await post('/counted', key, { 'x-project': 'none' });
    expect(calls.get('counted')).toBe(before + 2);
  });

  it('lets a retry take over a claim whose request died, once its lease is over, and keeps only the retry', async () => {
    const key = randomUUID();
    const stuck = post('/slow', key);
    while (!calls.get('slow')) await new Promise((resolve) => setTimeout(resolve, 10));

    expect((await post('/slow', key)).statusCode).toBe(409);
    offset += IDEMPOTENCY_LEASE_MS + 1000;
    const takeover = await post('/slow', key);
    expect(takeover.statusCode).toBe(201);
    expect(takeover.json()).toEqual({ attempt: 2 });

    release();
    expect((await stuck).json()).toEqual({ attempt: 1 });
    const replayed = await post('/slow', key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual({ attempt: 2 });
  });

  it('lets a retry take over at once a claim whose owner process is gone (its owner lock went with it)', async () => {
    const key = randomUUID();
    // An owner id whose lock no connection holds: a killed process's.
    owner = () => 1;
    const stuck = post('/slow', key);
    while ((calls.get('slow') ?? 0) < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    owner = () => app.runtime.services.notifications.ownerId();

    const takeover = await post('/slow', key);
    expect(takeover.statusCode).toBe(201);
    expect(takeover.json()).toEqual({ attempt: 4 });
    release();
    await stuck;
  });
});
