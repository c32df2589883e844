import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { announce, stopOn } from './announce.ts';

/**
 * Reference for REST reads: a bare Fastify route (no plugins, no logger, no authentication, no database)
 * answering `GET /v1/orders/:id/` with the JSON a real `GET /v1/orders/{id}/` of the project returned, captured
 * once at the start of the run (ORDER_JSON_FILE). It serialises the object on every request, as a route
 * returning an object does, so the comparison is "the framework's own cost for this answer".
 */
const order = JSON.parse(readFileSync(process.env.ORDER_JSON_FILE!, 'utf8'));
const app = Fastify({ logger: false });
app.get('/v1/orders/:id/', async () => order);
const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
announce(url);
stopOn(() => app.close());
