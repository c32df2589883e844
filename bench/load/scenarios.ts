import { randomUUID } from 'node:crypto';
import type { Request as AutocannonRequest } from 'autocannon';

/**
 * What the load generator sends, by name, so a scenario can be described in JSON to the generator's process.
 * Each scenario builds autocannon's request list and says what counts as one completed unit (a request, or a
 * whole card flow) and how long that unit took.
 */
export type ScenarioSpec =
  | {
      kind: 'request';
      method: 'GET' | 'POST';
      path: string;
      headers: Record<string, string>;
      body?: string;
      /** The status every answer must have (e.g. 401 for the unknown-key case). */
      expectStatus: number;
    }
  | {
      /** Own checkout: create with a credit-card transaction, store the card, authenticate with external 3-DS. */
      kind: 'card-flow';
      headers: Record<string, string>;
      vaultPath: string;
      amount: number;
    }
  | {
      /** One-click orders (each one a status change new → completed); records each order id and when it returned. */
      kind: 'one-click-orders';
      headers: Record<string, string>;
      vaultToken: string;
      amount: number;
    };

export interface ScenarioCollector {
  requests: AutocannonRequest[];
  /** Units completed as expected (requests, or flows). */
  completed(): number;
  /** Latencies of completed units in ms, when the scenario measures them itself (flows); else autocannon's. */
  latencies(): number[] | null;
  /** Unexpected answers the scenario noticed itself. */
  failures(): number;
  /** (order id, wall-clock ms when its creating call returned), for scenarios that record them. */
  records(): [string, number][];
}

/** What one connection of autocannon carries from one step of a flow to the next. */
interface Context {
  started?: number;
  failed?: boolean;
  orderId?: string;
  transactionId?: string;
  setupToken?: string;
  vaultToken?: string;
}

export function buildScenario(spec: ScenarioSpec): ScenarioCollector {
  if (spec.kind === 'request') {
    return {
      requests: [{ method: spec.method, path: spec.path, headers: spec.headers, body: spec.body }],
      completed: () => Number.NaN,
      latencies: () => null,
      failures: () => 0,
      records: () => [],
    };
  }
  if (spec.kind === 'card-flow') return cardFlow(spec);
  return oneClickOrders(spec);
}

function cardFlow(spec: Extract<ScenarioSpec, { kind: 'card-flow' }>): ScenarioCollector {
  const latencies: number[] = [];
  let failures = 0;
  const fail = (context: Context) => {
    failures += 1;
    context.failed = true;
  };
  const requests: AutocannonRequest[] = [
    {
      method: 'POST',
      path: '/v1/orders/',
      headers: spec.headers,
      body: JSON.stringify({
        amount: spec.amount,
        currency: 'EUR',
        description: 'Bench card flow',
        transactions: [{ payment_method: 'credit-card' }],
      }),
      setupRequest: (request, context: Context) => {
        context.started = performance.now();
        context.failed = false;
        return request;
      },
      onResponse: (status, body, context: Context) => {
        if (status !== 201) return fail(context);
        const order = JSON.parse(body);
        const transaction = order.transactions[0];
        context.orderId = order.id;
        context.transactionId = transaction.id;
        context.setupToken = transaction.payment_method_details.setup_token;
      },
    },
    {
      method: 'POST',
      path: spec.vaultPath,
      headers: spec.headers,
      // A falsy return makes autocannon start the sequence again: a failed step ends its flow.
      setupRequest: (request, context: Context) =>
        context.failed
          ? (null as never)
          : {
              ...request,
              body: JSON.stringify({
                pan: '4111111111111111',
                expiry: '122030',
                setup_token: context.setupToken,
              }),
            },
      onResponse: (status, body, context: Context) => {
        if (status !== 201) return fail(context);
        context.vaultToken = JSON.parse(body).vault_token;
      },
    },
    {
      method: 'POST',
      headers: spec.headers,
      setupRequest: (request, context: Context) =>
        context.failed
          ? (null as never)
          : {
              ...request,
              path: `/v1/orders/${context.orderId}/transactions/${context.transactionId}/authenticate/`,
              body: JSON.stringify({
                vault_token: context.vaultToken,
                cvc: '123',
                cavv: 'AAABBEg0VhI0VniQEjRWAAAAAAA=',
                '3ds_version': '2.2.0',
                '3ds_method_used': 'frictionless',
                ds_transaction_id: randomUUID(),
              }),
            },
      onResponse: (status, body, context: Context) => {
        if (status !== 200 || JSON.parse(body).status !== 'completed') return fail(context);
        latencies.push(performance.now() - context.started!);
      },
    },
  ];
  return {
    requests,
    completed: () => latencies.length,
    latencies: () => latencies,
    failures: () => failures,
    records: () => [],
  };
}

function oneClickOrders(spec: Extract<ScenarioSpec, { kind: 'one-click-orders' }>): ScenarioCollector {
  const records: [string, number][] = [];
  let failures = 0;
  const body = JSON.stringify({
    amount: spec.amount,
    currency: 'EUR',
    description: 'Bench one-click',
    transactions: [
      {
        payment_method: 'credit-card',
        payment_method_details: { one_click_type: 'one-click', vault_token: spec.vaultToken, cvc: '123' },
      },
    ],
  });
  return {
    requests: [
      {
        method: 'POST',
        path: '/v1/orders/',
        headers: spec.headers,
        body,
        onResponse: (status, responseBody) => {
          const returnedAt = Date.now();
          const order = status === 201 ? JSON.parse(responseBody) : null;
          if (order?.status !== 'completed') failures += 1;
          else records.push([order.id, returnedAt]);
        },
      },
    ],
    completed: () => records.length,
    latencies: () => null,
    failures: () => failures,
    records: () => records,
  };
}
