import Fastify from 'fastify';
import { addRouteHooks } from '../../src/platform/http/route-hooks.ts';

/** A server whose hooks write down, per request, who ran in which order. */
async function serverWithHooks() {
  const app = Fastify();
  const ran: string[] = [];
  app.addHook('onSend', (_request, _reply, payload, done) => {
    ran.push('instance onSend');
    done(null, payload);
  });
  addRouteHooks(app, (route) => route.method === 'POST', {
    preHandler: (_request, _reply, done) => {
      ran.push('route preHandler');
      done();
    },
    onSend: (_request, _reply, payload, done) => {
      ran.push('route onSend');
      done(null, payload);
    },
  });
  app.post(
    '/writes/',
    {
      preHandler: (_request, _reply, done) => {
        ran.push('own preHandler');
        done();
      },
    },
    () => {
      ran.push('handler');
      return { ok: true };
    },
  );
  app.get('/reads/', () => {
    ran.push('handler');
    return { ok: true };
  });
  await app.ready();
  return { app, ran };
}

describe('hooks of the routes they concern', () => {
  it("run on a picked route after its own hooks and the instance's, and not at all elsewhere", async () => {
    const { app, ran } = await serverWithHooks();
    expect((await app.inject({ method: 'POST', url: '/writes/' })).statusCode).toBe(200);
    expect(ran.splice(0)).toEqual([
      'own preHandler',
      'route preHandler',
      'handler',
      'instance onSend',
      'route onSend',
    ]);
    expect((await app.inject({ method: 'GET', url: '/reads/' })).statusCode).toBe(200);
    expect(ran.splice(0)).toEqual(['handler', 'instance onSend']);
    expect((await app.inject({ method: 'POST', url: '/nowhere/' })).statusCode).toBe(404);
    expect(ran.splice(0)).toEqual(['instance onSend']);
    await app.close();
  });
});
