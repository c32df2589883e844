/**
 * The real flow that leaves a hosted order `see-transactions` (issue 16): the customer's first card attempt is
 * answered by the acquirer later, the customer pays another way, and the late answer arrives.
 */

import { restClient } from '../helpers/http.ts';
import { cardFields, createHostedOrder, PageBrowser } from '../hosted-pages/support.ts';
import { TEST_CARDS } from './payments.ts';

type Json = Record<string, any>;

/**
 * A hosted order whose first card attempt waits for the acquirer (on the waiting page); returns it, that attempt,
 * and the customer's browser, the one the attempt belongs to.
 */
export async function hostedOrderWaitingForTheAcquirer(
  baseUrl: string,
  apiKey: string,
): Promise<{ order: Json; first: Json; customer: PageBrowser }> {
  const order = await createHostedOrder(baseUrl, apiKey, {
    return_url: 'https://shop.example/return',
    failure_url: 'https://shop.example/failed',
  });
  const customer = new PageBrowser();
  const posted = await customer.post(order.order_url, 'card', cardFields(TEST_CARDS.pendingAtAcquirer));
  if (posted.status !== 303 || posted.location !== order.order_url) {
    throw new Error(
      `the pending card did not lead back to the waiting page: ${posted.status} ${posted.location}`,
    );
  }
  const [first] = (await restClient(baseUrl, apiKey).get<Json>(`/v1/orders/${order.id}/`)).body.transactions;
  return { order, first, customer };
}

/**
 * The customer chooses "Pay another way" (in the browser whose attempt waits) and pays with an approved card;
 * returns where the page sent them.
 */
export async function payAnotherWay(order: Json, customer: PageBrowser): Promise<string | null> {
  const page = await customer.open(`${order.order_url}?pay_again=1`);
  if (!page.html.includes('name="pay_again"')) throw new Error('the order page offers no "Pay another way"');
  const paid = await customer.post(
    order.order_url,
    'card',
    cardFields(TEST_CARDS.visa, { pay_again: '1' }),
    page,
  );
  if (paid.status !== 303) throw new Error(`paying another way answered ${paid.status}`);
  return paid.location;
}

/** The acquirer's late answer to a waiting attempt, through the test-mode route. */
export function answerLate(
  baseUrl: string,
  apiKey: string,
  order: Json,
  transactionId: string,
  outcome: unknown,
) {
  return restClient(baseUrl, apiKey).post<Json>(
    `/v1/test/orders/${order.id}/transactions/${transactionId}/outcome/`,
    { outcome },
  );
}

/** A `see-transactions` order the customer paid twice (both payments approved); returns it as the API shows it. */
export async function orderPaidTwice(baseUrl: string, apiKey: string): Promise<Json> {
  const { order, first, customer } = await hostedOrderWaitingForTheAcquirer(baseUrl, apiKey);
  await payAnotherWay(order, customer);
  const approved = await answerLate(baseUrl, apiKey, order, first.id, 'approved');
  if (approved.status !== 200 || approved.body.status !== 'see-transactions') {
    throw new Error(`the late approval answered ${approved.status} ${approved.text}`);
  }
  return approved.body;
}
