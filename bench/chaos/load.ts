import { randomUUID } from 'node:crypto';

/**
 * The chaos run's clients: own-checkout card payments (create the order, store the card, authenticate; one in
 * five a pre-authorization captured afterwards) and refunds of paid orders, each step a POST with an
 * Idempotency-Key of its own, retried with the same key and body until it is answered: after a connection the
 * dying server dropped, a 503 of a database outage, a 409 of a key still held, or a 429. That is what a
 * client following docs/idempotency.md does, so every step must end with exactly one effect.
 */

const VISA = '4111111111111111';
const EXPIRY = `12${new Date().getUTCFullYear() + 5}`;
const CVC = '737';

export interface LoadOptions {
  baseUrl: string;
  apiKey: string;
  flows: number;
  refunds: number;
  concurrency: number;
  /** A label in every merchant order id, to find this run's orders. */
  run: string;
  /** Called after every finished step (for the fault schedule). */
  onProgress: (done: number, total: number) => void;
  /** How long a step may be retried before the client gives up on it. */
  stepDeadlineMs?: number;
}

/** What the clients saw, and what they believe they did (the checks compare it with the books). */
export interface LoadResult {
  /** Per card flow: its order, transaction, vault token, capture and refund as answered. */
  flows: FlowRecord[];
  requests: number;
  /** Answers and failures that made a client try again, by kind. */
  retriesBy: Record<string, number>;
  /** Steps a client gave up on (a refusal, or no answer before the deadline), with why. */
  failures: string[];
  /** Server errors that are not outages (500): each one is a bug. */
  internalErrors: number;
  durationMs: number;
}

export interface FlowRecord {
  index: number;
  merchantOrderId: string;
  amount: number;
  manual: boolean;
  orderId?: string;
  transactionId?: string;
  vaultToken?: string;
  captureOrderId?: string;
  refundOrderId?: string;
  refundAmount?: number;
  finished: boolean;
}

type Json = Record<string, any>;

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const started = performance.now();
  const result: LoadResult = {
    flows: [],
    requests: 0,
    retriesBy: {},
    failures: [],
    internalErrors: 0,
    durationMs: 0,
  };
  const auth = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  const deadlineMs = options.stepDeadlineMs ?? 180_000;
  const manualFlows = Math.floor(options.flows / 5);
  const total = options.flows * 3 + manualFlows + Math.min(options.refunds, options.flows - manualFlows);
  let done = 0;
  const stepDone = () => options.onProgress(++done, total);

  /** One POST, retried with the same key and body until it is answered with `expected`. */
  const post = async (path: string, body: unknown, expected: number, what: string): Promise<Json> => {
    const key = randomUUID();
    const deadline = Date.now() + deadlineMs;
    let wait = 100;
    for (;;) {
      result.requests += 1;
      let reason: string;
      try {
        const response = await fetch(`${options.baseUrl}${path}`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        if (response.status === expected) {
          stepDone();
          return JSON.parse(text) as Json;
        }
        if (![409, 429, 503].includes(response.status) && response.status < 500) {
          throw new Error(`${what}: ${response.status} ${text.slice(0, 300)}`);
        }
        if (response.status === 500) result.internalErrors += 1;
        reason = `HTTP ${response.status}`;
      } catch (error) {
        if (error instanceof Error && error.message.startsWith(`${what}:`)) throw error;
        reason = 'connection lost';
      }
      result.retriesBy[reason] = (result.retriesBy[reason] ?? 0) + 1;
      if (Date.now() > deadline) throw new Error(`${what}: still ${reason} after ${deadlineMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(2000, wait * 2);
    }
  };

  const refundQueue: FlowRecord[] = [];
  let refundsTaken = 0;
  const cardFlow = async (flow: FlowRecord) => {
    const created = await post(
      '/v1/orders/',
      {
        merchant_order_id: flow.merchantOrderId,
        amount: flow.amount,
        currency: 'EUR',
        description: 'Chaos run',
        transactions: [{ payment_method: 'credit-card', capture_mode: flow.manual ? 'manual' : 'automatic' }],
      },
      201,
      `create ${flow.merchantOrderId}`,
    );
    flow.orderId = created.id;
    const transaction = created.transactions[0];
    flow.transactionId = transaction.id;
    const stored = await post(
      '/vault/v1/cards/',
      { setup_token: transaction.payment_method_details.setup_token, pan: VISA, expiry: EXPIRY },
      201,
      `vault ${flow.merchantOrderId}`,
    );
    flow.vaultToken = stored.vault_token;
    const path = `/v1/orders/${flow.orderId}/transactions/${flow.transactionId}`;
    await post(
      `${path}/authenticate/`,
      { vault_token: flow.vaultToken, cvc: CVC },
      200,
      `pay ${flow.merchantOrderId}`,
    );
    if (flow.manual) {
      const capture = await post(
        `${path}/captures/`,
        { final: true },
        201,
        `capture ${flow.merchantOrderId}`,
      );
      flow.captureOrderId = capture.id;
    } else if (refundsTaken < options.refunds) {
      refundsTaken += 1;
      refundQueue.push(flow);
    }
    flow.finished = true;
  };
  const refund = async (flow: FlowRecord) => {
    flow.refundAmount = Math.floor(flow.amount / 2);
    const answered = await post(
      `/v1/orders/${flow.orderId}/refunds/`,
      { amount: flow.refundAmount },
      201,
      `refund ${flow.merchantOrderId}`,
    );
    flow.refundOrderId = answered.id;
  };

  for (let index = 0; index < options.flows; index += 1) {
    result.flows.push({
      index,
      merchantOrderId: `chaos-${options.run}-${index}`,
      // Deterministic amounts from 500 to 9,999 minor units.
      amount: 500 + ((index * 7919) % 9500),
      manual: index % 5 === 4,
      finished: false,
    });
  }
  let nextFlow = 0;
  const attempt = async (step: () => Promise<void>) => {
    try {
      await step();
    } catch (error) {
      result.failures.push((error as Error).message);
    }
  };
  // Each client takes a refund of a paid order first, if one waits (so refunds run under the same faults as
  // the payments), else the next payment; the client that queued the last refund takes it itself.
  const client = async () => {
    for (;;) {
      const paid = refundQueue.shift();
      if (paid) await attempt(() => refund(paid));
      else if (nextFlow < options.flows) {
        const flow = result.flows[nextFlow++]!;
        await attempt(() => cardFlow(flow));
      } else return;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  result.durationMs = performance.now() - started;
  return result;
}
