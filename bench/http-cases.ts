import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  basicAuth,
  call,
  type Gateway,
  graphql,
  jsonHeaders,
  payByCard,
  UNKNOWN_KEY,
} from './lib/gateway-api.ts';
import type { ProjectServer } from './lib/project-server.ts';
import { type ReferenceServer, startReference } from './lib/reference-server.ts';
import type { ScenarioSpec } from './load/scenarios.ts';

/**
 * The cases of `npm run bench` (issue 12) and their references. To add a case: append to CASES with the
 * scenario it sends to the project and the reference it is compared with (or add a reference to
 * REFERENCES); the runner measures it alternately with its reference in every round, prints its row and,
 * when it has a target, its met / not met line.
 */
export interface Fixture {
  /** A paid own-checkout order (one card transaction with its events): what the read cases fetch. */
  orderId: string;
  orderJson: string;
  graphqlOrder: unknown;
  merchantId: string;
}

export const ORDER_QUERY =
  'query($id: ID!) { order(id: $id) { id amount currency status transactions { id status paymentMethod } } }';

export type ReferenceName = 'bare-fastify' | 'trivial-apollo' | 'write-ceiling-hosted' | 'write-ceiling';

export interface ReferenceDefinition {
  label: string;
  start(
    project: ProjectServer,
    fixture: Fixture,
    workDir: string,
    connections: number,
  ): Promise<ReferenceServer>;
  scenario(fixture: Fixture): ScenarioSpec;
}

export const REFERENCES: Record<ReferenceName, ReferenceDefinition> = {
  'bare-fastify': {
    label: 'bare Fastify, same order JSON',
    start: (_project, fixture, workDir) => {
      const file = path.join(workDir, 'order.json');
      writeFileSync(file, fixture.orderJson);
      return startReference('bare-fastify', 'bench/references/bare-fastify.ts', { ORDER_JSON_FILE: file });
    },
    scenario: (fixture) => ({
      kind: 'request',
      method: 'GET',
      path: `/v1/orders/${fixture.orderId}/`,
      headers: {},
      expectStatus: 200,
    }),
  },
  'trivial-apollo': {
    label: 'Apollo on Fastify, order from memory',
    start: (_project, fixture, workDir) => {
      const file = path.join(workDir, 'graphql-order.json');
      writeFileSync(file, JSON.stringify(fixture.graphqlOrder));
      return startReference('trivial-apollo', 'bench/references/trivial-apollo.ts', {
        ORDER_JSON_FILE: file,
      });
    },
    scenario: (fixture) => graphqlScenario(fixture, {}),
  },
  'write-ceiling-hosted': writeCeiling('hosted', 'write ceiling, raw pg: order + expiry job'),
  'write-ceiling': writeCeiling(
    'own-checkout',
    'write ceiling, raw pg: order + transaction + event + outbox + job',
  ),
};

function writeCeiling(shape: 'hosted' | 'own-checkout', label: string): ReferenceDefinition {
  return {
    label,
    start: (project, fixture, _workDir, connections) =>
      startReference(`write-ceiling ${shape}`, 'bench/references/write-ceiling.ts', {
        DATABASE_URL: project.databaseUrl,
        PROJECT_ID: project.projectId,
        MERCHANT_ID: fixture.merchantId,
        SHAPE: shape,
        POOL_SIZE: String(connections),
      }),
    scenario: () => ({
      kind: 'request',
      method: 'POST',
      path: '/orders',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      expectStatus: 201,
    }),
  };
}

export interface BenchCase {
  name: string;
  unit: 'req/s' | 'flows/s';
  reference: ReferenceName;
  /** The target: this case's rate at least `minRatio` of the reference's. */
  minRatio: number;
  scenario(project: ProjectServer, fixture: Fixture): ScenarioSpec;
}

export const CASES: BenchCase[] = [
  {
    name: 'REST GET /v1/orders/{id}/',
    unit: 'req/s',
    reference: 'bare-fastify',
    minRatio: 0.12,
    scenario: (project, fixture) => ({
      kind: 'request',
      method: 'GET',
      path: `/v1/orders/${fixture.orderId}/`,
      headers: { authorization: basicAuth(project.apiKey) },
      expectStatus: 200,
    }),
  },
  {
    name: 'REST 401, unknown well-formed key',
    unit: 'req/s',
    reference: 'bare-fastify',
    minRatio: 0.5,
    scenario: (_project, fixture) => ({
      kind: 'request',
      method: 'GET',
      path: `/v1/orders/${fixture.orderId}/`,
      headers: { authorization: basicAuth(UNKNOWN_KEY) },
      expectStatus: 401,
    }),
  },
  {
    name: 'GraphQL order(id) with transactions',
    unit: 'req/s',
    reference: 'trivial-apollo',
    minRatio: 0.35,
    scenario: (project, fixture) => graphqlScenario(fixture, { authorization: basicAuth(project.apiKey) }),
  },
  {
    name: 'REST create order (hosted)',
    unit: 'req/s',
    reference: 'write-ceiling-hosted',
    minRatio: 0.4,
    scenario: (project) => ({
      kind: 'request',
      method: 'POST',
      path: '/v1/orders/',
      headers: jsonHeaders(project.apiKey),
      body: JSON.stringify({
        amount: 995,
        currency: 'EUR',
        description: 'Bench order',
        merchant_order_id: 'bench',
      }),
      expectStatus: 201,
    }),
  },
  {
    name: 'own-checkout card flow (create, vault, 3-DS authenticate)',
    unit: 'flows/s',
    reference: 'write-ceiling',
    minRatio: 0.12,
    scenario: (project) => ({
      kind: 'card-flow',
      headers: jsonHeaders(project.apiKey),
      vaultPath: project.vaultPath,
      amount: 995,
    }),
  },
];

function graphqlScenario(fixture: Fixture, headers: Record<string, string>): ScenarioSpec {
  return {
    kind: 'request',
    method: 'POST',
    path: '/graphql',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ query: ORDER_QUERY, variables: { id: fixture.orderId } }),
    expectStatus: 200,
  };
}

/** Pays one order by card and captures what the references will answer: the REST JSON and the GraphQL order. */
export async function prepareFixture(project: ProjectServer): Promise<Fixture> {
  const gateway: Gateway = project;
  const { orderId } = await payByCard(gateway);
  const { json, text } = await call(gateway, 'GET', `/v1/orders/${orderId}/`, undefined, 200);
  const data = await graphql(gateway, ORDER_QUERY, { id: orderId });
  return { orderId, orderJson: text, graphqlOrder: data.order, merchantId: json.merchant_id };
}
