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
 * The cases of `npm run bench` (issues 12 and 31) and their references. To add a case: append to CASES with
 * the scenario it sends to the project and the references it is compared with (or add a reference to
 * REFERENCES); the runner measures it and then each of its references in every round (a reference shared by
 * two cases once per round), prints the rows and a met / not met line per target.
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

export type ReferenceName =
  | 'bare-fastify'
  | 'prepared-read'
  | 'trivial-apollo'
  | 'write-ceiling-hosted'
  | 'write-ceiling'
  | 'minimal-write-ceiling';

export interface ReferenceDefinition {
  label: string;
  start(
    project: ProjectServer,
    fixture: Fixture,
    workDir: string,
    connections: number,
  ): Promise<ReferenceServer>;
  scenario(fixture: Fixture): ScenarioSpec;
  /** Set for references that write: the database settles after them before the next measurement. */
  writes?: true;
}

export const REFERENCES: Record<ReferenceName, ReferenceDefinition> = {
  'bare-fastify': {
    label: 'bare Fastify, same order JSON',
    start: (_project, fixture, workDir) => {
      const file = path.join(workDir, 'order.json');
      writeFileSync(file, fixture.orderJson);
      return startReference('bare-fastify', 'bench/references/bare-fastify.ts', { ORDER_JSON_FILE: file });
    },
    scenario: unauthenticatedOrderRead,
  },
  'prepared-read': {
    label: 'Fastify + one prepared pg read of the same JSON',
    start: (project, fixture, workDir, connections) => {
      const file = path.join(workDir, 'order-for-prepared-read.json');
      writeFileSync(file, fixture.orderJson);
      return startReference('prepared-read', 'bench/references/prepared-read.ts', {
        DATABASE_URL: project.databaseUrl,
        ORDER_ID: fixture.orderId,
        ORDER_JSON_FILE: file,
        POOL_SIZE: String(connections),
      });
    },
    scenario: unauthenticatedOrderRead,
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
  'minimal-write-ceiling': writeCeiling(
    'minimal',
    'minimal write ceiling, raw pg: order + transaction + outbox, primary keys only',
  ),
};

function writeCeiling(shape: 'hosted' | 'own-checkout' | 'minimal', label: string): ReferenceDefinition {
  return {
    label,
    writes: true,
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

/** A reference's GET of the fixture's order: the same path as the project's case, without credentials. */
function unauthenticatedOrderRead(fixture: Fixture): ScenarioSpec {
  return {
    kind: 'request',
    method: 'GET',
    path: `/v1/orders/${fixture.orderId}/`,
    headers: {},
    expectStatus: 200,
  };
}

export interface BenchCase {
  name: string;
  unit: 'req/s' | 'flows/s';
  /**
   * What the case is compared with, and the target of each comparison: this case's rate at least `minRatio` of
   * the reference's (issue 12's targets, and issue 31's against the least work the path needs).
   */
  against: { reference: ReferenceName; minRatio: number; issue: number }[];
  /** Set for cases that write: the database settles after them before the next measurement (lib/settle.ts). */
  writes?: true;
  scenario(project: ProjectServer, fixture: Fixture): ScenarioSpec;
}

export const CASES: BenchCase[] = [
  {
    name: 'REST GET /v1/orders/{id}/',
    unit: 'req/s',
    against: [
      { reference: 'bare-fastify', minRatio: 0.12, issue: 12 },
      { reference: 'prepared-read', minRatio: 0.75, issue: 31 },
    ],
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
    against: [{ reference: 'bare-fastify', minRatio: 0.5, issue: 12 }],
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
    against: [
      { reference: 'trivial-apollo', minRatio: 0.35, issue: 12 },
      { reference: 'trivial-apollo', minRatio: 0.7, issue: 31 },
    ],
    scenario: (project, fixture) => graphqlScenario(fixture, { authorization: basicAuth(project.apiKey) }),
  },
  {
    name: 'REST create order (hosted)',
    unit: 'req/s',
    writes: true,
    against: [
      { reference: 'write-ceiling-hosted', minRatio: 0.4, issue: 12 },
      { reference: 'minimal-write-ceiling', minRatio: 0.5, issue: 31 },
    ],
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
    writes: true,
    against: [
      { reference: 'write-ceiling', minRatio: 0.12, issue: 12 },
      { reference: 'minimal-write-ceiling', minRatio: 0.12, issue: 31 },
    ],
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
