import { readFileSync } from 'node:fs';
import { ApolloServer } from '@apollo/server';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import Fastify from 'fastify';
import { announce, stopOn } from './announce.ts';

/**
 * Reference for GraphQL reads: Apollo Server 5 on Fastify (the project's own stack and versions, default
 * settings) with a trivial schema answering `order(id)` from memory. The order is the `data.order` the
 * project's `/graphql` returned for the bench's query, captured once at the start (ORDER_JSON_FILE), so both
 * answers have the same shape and size.
 */
const order = JSON.parse(readFileSync(process.env.ORDER_JSON_FILE!, 'utf8'));
const typeDefs = `#graphql
  type Transaction { id: ID! status: String! paymentMethod: String! }
  type Order { id: ID! amount: Int! currency: String! status: String! transactions: [Transaction!]! }
  type Query { order(id: ID!): Order }
`;
const app = Fastify({ logger: false });
const apollo = new ApolloServer({
  typeDefs,
  resolvers: { Query: { order: (_: unknown, args: { id: string }) => ({ ...order, id: args.id }) } },
  plugins: [fastifyApolloDrainPlugin(app)],
});
await apollo.start();
await app.register(fastifyApollo(apollo), { path: '/graphql' });
const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
announce(url);
stopOn(() => app.close());
