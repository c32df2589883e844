import { answerChallenge, TEST_CARDS } from '../factories/payments.ts';
import { seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { graphqlClient } from '../helpers/graphql.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { cardFields, createHostedOrder, getOrder, openPage, PageBrowser, postPageForm } from './support.ts';

type Json = Record<string, any>;

/** Paying a hosted order with the card form, by plain HTTP: the same commands as the API. */
describe('paying on the hosted order page', () => {
  let app: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    app = await startTestApp();
    ({ apiKey } = await seedProject(app));
  });
  afterAll(() => app.stop());

  const hostedOrder = (overrides: Record<string, unknown> = {}) =>
    createHostedOrder(app.baseUrl, apiKey, {
      return_url: 'https://shop.example/return',
      failure_url: 'https://shop.example/failed',
      ...overrides,
    });
  const orderOf = (id: string): Promise<Json> => getOrder(app.baseUrl, apiKey, id);

  it('pays with an approved card and sends the customer to return_url with the order id', async () => {
    const order = await hostedOrder();
    const paid = await postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.visa));
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`https://shop.example/return?order_id=${order.id}`);

    const after = await orderOf(order.id);
    expect(after.status).toBe('completed');
    expect(after.transactions).toHaveLength(1);
    expect(after.transactions[0]).toMatchObject({
      payment_method: 'credit-card',
      payment_method_brand: 'visa',
      status: 'accepted',
      amount: 995,
      payment_method_details: { truncated_pan: '411111******1111', cardholder_name: 'John Doe' },
    });
  });

  it('stores the card in the vault against the new transaction, whose setup token is then used up', async () => {
    const order = await hostedOrder();
    await postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.mastercard));
    const [transaction] = (await orderOf(order.id)).transactions;
    const rows = await sql(
      app.databaseUrl,
      'select order_id, truncated_pan from vault_cards where transaction_id = $1',
      [transaction.id],
    );
    expect(rows).toEqual([{ order_id: order.id, truncated_pan: '555555******4444' }]);
    const [row] = await sql(app.databaseUrl, 'select setup_token_used_at from transactions where id = $1', [
      transaction.id,
    ]);
    expect(row!.setup_token_used_at).not.toBeNull();
  });

  it('keeps the order open after a decline and shows the reason with a retry, then pays with another card', async () => {
    const order = await hostedOrder();
    const customer = new PageBrowser();
    const declined = await customer.post(order.order_url, 'card', cardFields(TEST_CARDS.insufficientFunds));
    expect(declined.status).toBe(303);
    const [first] = (await orderOf(order.id)).transactions;
    expect(declined.location).toBe(`${order.order_url}?attempt=${first.id}`);
    expect((await orderOf(order.id)).status).toBe('processing');

    const retry = await customer.open(declined.location!);
    expect(retry.html).toContain('role="alert"');
    expect(retry.html).toContain('insufficient funds');
    expect(retry.html).toContain('name="pan"');

    const paid = await customer.post(order.order_url, 'card', cardFields(TEST_CARDS.visa), retry);
    expect(paid.location).toBe(`https://shop.example/return?order_id=${order.id}`);
    const after = await orderOf(order.id);
    expect(after.status).toBe('completed');
    expect(after.transactions.map((t: Json) => t.status)).toEqual(['declined', 'accepted']);
  });

  it('says a processor error in plain words and lets the customer try again', async () => {
    const order = await hostedOrder();
    const customer = new PageBrowser();
    const failed = await customer.post(order.order_url, 'card', cardFields(TEST_CARDS.processorError));
    const page = await customer.open(failed.location!);
    expect(page.html).toContain('Something went wrong while processing the payment');
    expect((await orderOf(order.id)).status).toBe('processing');
  });

  it('sends a challenge card to the challenge page, which completes the order with the test code', async () => {
    const order = await hostedOrder();
    const customer = new PageBrowser();
    const challenged = await customer.post(order.order_url, 'card', cardFields(TEST_CARDS.challenge));
    const [transaction] = (await orderOf(order.id)).transactions;
    expect(transaction.status).toBe('pending');
    expect(challenged.location).toBe(transaction.payment_url);

    // A second tab on the order page cannot start another payment meanwhile.
    const other = await customer.open(order.order_url);
    expect(other.html).toContain('Confirmation needed');
    expect(other.html).toContain(`href="${transaction.payment_url}"`);
    expect(other.html).not.toContain('name="pan"');

    const answered = await answerChallenge(transaction.payment_url, '1234', customer);
    expect(answered.location).toBe(`https://shop.example/return?order_id=${order.id}`);
    expect((await orderOf(order.id)).status).toBe('completed');
  });

  it('sends the customer back to the order page to retry when the challenge fails', async () => {
    const order = await hostedOrder();
    const customer = new PageBrowser();
    await customer.post(order.order_url, 'card', cardFields(TEST_CARDS.challenge));
    const [transaction] = (await orderOf(order.id)).transactions;
    const failed = await answerChallenge(transaction.payment_url, '9999', customer);
    expect(failed.location).toBe(`${order.order_url}?attempt=${transaction.id}`);
    const after = await orderOf(order.id);
    expect(after.status).toBe('processing');
    expect(after.transactions[0]).toMatchObject({ status: 'declined', reason: 'authentication_failed' });
    expect((await customer.open(failed.location!)).html).toContain('could not be confirmed with your bank');
  });

  it('cancels the attempt, not the hosted order, when the customer cancels the challenge', async () => {
    const order = await hostedOrder();
    const customer = new PageBrowser();
    await customer.post(order.order_url, 'card', cardFields(TEST_CARDS.challenge));
    const [transaction] = (await orderOf(order.id)).transactions;
    const cancelled = await customer.post(transaction.payment_url, 'cancel', {});
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`${order.order_url}?attempt=${transaction.id}`);
    const after = await orderOf(order.id);
    expect(after.status).toBe('processing');
    expect(after.transactions[0]).toMatchObject({ status: 'cancelled', reason: 'cancelled_by_customer' });
    const page = await customer.open(cancelled.location!);
    expect(page.html).toContain('You cancelled the payment');
    expect(page.html).toContain('name="pan"');
  });

  it('cancels an own-checkout payment, and so its order, when the customer cancels on the payment page', async () => {
    const first = await hostedOrder({
      transactions: [{ payment_method: 'credit-card', payment_method_details: { one_click_type: 'first' } }],
    });
    const cancelled = await postPageForm(first.transactions[0].payment_url, 'cancel', {});
    expect(cancelled.location).toBe(`https://shop.example/failed?order_id=${first.id}`);
    expect((await orderOf(first.id)).status).toBe('cancelled');
  });

  it('cancels the hosted order on "Cancel payment" and sends the customer to failure_url', async () => {
    const order = await hostedOrder();
    const cancelled = await postPageForm(order.order_url, 'cancel', {});
    expect(cancelled.location).toBe(`https://shop.example/failed?order_id=${order.id}`);
    expect((await orderOf(order.id)).status).toBe('cancelled');
    const page = await openPage(order.order_url);
    expect(page.html).toContain('Payment cancelled');
    expect(page.html).not.toContain('<form');
  });

  it('falls back to return_url on failure, and to its own page when the shop gave no URL', async () => {
    const noFailure = await hostedOrder({ failure_url: undefined });
    const toReturn = await postPageForm(noFailure.order_url, 'cancel', {});
    expect(toReturn.location).toBe(`https://shop.example/return?order_id=${noFailure.id}`);
    const noUrls = await hostedOrder({ failure_url: undefined, return_url: undefined });
    const stay = await postPageForm(noUrls.order_url, 'cancel', {});
    expect(stay.location).toBe(noUrls.order_url);
    const paid = await hostedOrder({ failure_url: undefined, return_url: undefined });
    const done = await postPageForm(paid.order_url, 'card', cardFields(TEST_CARDS.visa));
    expect(done.location).toBe(paid.order_url);
    expect((await openPage(paid.order_url)).html).toContain('Payment completed');
  });

  it("keeps the shop's signed return_url and failure_url byte for byte, only adding the order id at the end", async () => {
    // A signature over the query breaks if one byte of it changes: its escapes, its `+`, the order or repeats.
    const returnUrl =
      'https://shop.example/return?sig=abc%3D%3D&a=b%2Fc&x=1+2&y=1%202&path=/x/y&t=%7e&tag=b&tag=a&flag';
    const failureUrl = 'https://shop.example/failed?sig=q%2Bz%3D&x=a+b&x=c#after';
    const paidOrder = await hostedOrder({ return_url: returnUrl, failure_url: failureUrl });
    const webhookUrl = 'https://shop.example/hook?sig=w%3D%3D&x=1+2';
    const cancelledOrder = await hostedOrder({
      return_url: returnUrl,
      failure_url: failureUrl,
      webhook_url: webhookUrl,
    });

    const paid = await postPageForm(paidOrder.order_url, 'card', cardFields(TEST_CARDS.visa));
    const cancelled = await postPageForm(cancelledOrder.order_url, 'cancel', {});

    expect(paid.location).toBe(`${returnUrl}&order_id=${paidOrder.id}`);
    expect(cancelled.location).toBe(
      `https://shop.example/failed?sig=q%2Bz%3D&x=a+b&x=c&order_id=${cancelledOrder.id}#after`,
    );
    // The page of the closed order links back to the same address.
    expect((await openPage(cancelledOrder.order_url)).html).toContain(
      `href="https://shop.example/failed?sig=q%2Bz%3D&amp;x=a+b&amp;x=c&amp;order_id=${cancelledOrder.id}#after"`,
    );
    // And the API answers each URL as it was sent.
    expect(await orderOf(cancelledOrder.id)).toMatchObject({
      return_url: returnUrl,
      failure_url: failureUrl,
      webhook_url: webhookUrl,
    });
    const graphql = await graphqlClient(app.baseUrl, apiKey)<{ order: Json }>(
      'query ($id: ID!) { order(id: $id) { returnUrl failureUrl webhookUrl } }',
      { id: cancelledOrder.id },
    );
    expect(graphql.data?.order).toEqual({ returnUrl, failureUrl, webhookUrl });
  });

  it('adds the order id after a query that ends in & or ?, and as the query of a URL without one', async () => {
    for (const [returnUrl, expected] of [
      ['https://shop.example/return?a=1&', 'https://shop.example/return?a=1&order_id='],
      ['https://shop.example/return?', 'https://shop.example/return?order_id='],
      ['https://shop.example/return#top', 'https://shop.example/return?order_id=#top'],
    ] as const) {
      const order = await hostedOrder({ return_url: returnUrl });
      const paid = await postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.visa));
      expect(paid.location).toBe(expected.replace('order_id=', `order_id=${order.id}`));
    }
  });

  it('never pays twice: simultaneous posts from two tabs make exactly one payment', async () => {
    const order = await hostedOrder();
    const [tabA, tabB] = [await openPage(order.order_url), await openPage(order.order_url)];
    const answers = await Promise.all([
      postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.visa), tabA),
      postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.mastercard), tabB),
    ]);
    expect(answers.map((a) => a.status)).toEqual([303, 303]);
    const after = await orderOf(order.id);
    expect(after.status).toBe('completed');
    expect(after.transactions).toHaveLength(1);
    expect(answers.map((a) => a.location).sort()).toEqual(
      [order.order_url, `https://shop.example/return?order_id=${order.id}`].sort(),
    );
  });

  it('shows a paid order as paid: a reload or the back button never shows the form again', async () => {
    const order = await hostedOrder();
    const page = await openPage(order.order_url);
    await postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.visa), page);
    const again = await postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.visa), page);
    expect(again.location).toBe(order.order_url);
    const reloaded = await openPage(order.order_url);
    expect(reloaded.html).toContain('Payment completed');
    expect(reloaded.html).not.toContain('<form');
    expect((await orderOf(order.id)).transactions).toHaveLength(1);
  });

  it('refuses an invalid card form with messages at the fields, writing nothing and echoing no card data', async () => {
    const order = await hostedOrder();
    const refused = await postPageForm(order.order_url, 'card', {
      pan: '4111 1111 1111 1112',
      expiry: '13/30',
      cvc: '12',
      name: 'Jane',
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/<input id="card-number" name="pan"[^>]* aria-invalid="true"/);
    expect(refused.html).toContain('This is not a valid card number');
    expect(refused.html).toContain('Enter the expiry date as MM / YY.');
    expect(refused.html).toContain('The security code has 3 digits.');
    expect(refused.html).not.toContain('4111 1111 1111 1112');
    expect(refused.html).not.toContain('value="12"');
    expect(refused.html).toContain('value="Jane"');
    expect((await orderOf(order.id)).transactions ?? []).toHaveLength(0);
  });

  it('refuses an expired card', async () => {
    const order = await hostedOrder();
    const refused = await postPageForm(
      order.order_url,
      'card',
      cardFields(TEST_CARDS.visa, { expiry: '01/20' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('This card has expired.');
  });

  it('tells the customer that card payments are unavailable in a live project (no acquirer), writing nothing', async () => {
    const live = await seedProject(app, { mode: 'live' });
    const order = await createHostedOrder(app.baseUrl, live.apiKey);
    const refused = await postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.visa));
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('Card payments are not available for this shop');
    expect((await getOrder(app.baseUrl, live.apiKey, order.id)).transactions ?? []).toHaveLength(0);
  });

  it('expires an order that is past its time when the customer tries to pay', async () => {
    const order = await hostedOrder({ expiration_period: 'PT1M' });
    const page = await openPage(order.order_url);
    app.advanceClock(2 * 60_000);
    const late = await postPageForm(order.order_url, 'card', cardFields(TEST_CARDS.visa), page);
    expect(late.location).toBe(order.order_url);
    const after = await orderOf(order.id);
    expect(after.status).toBe('expired');
    expect(after.transactions ?? []).toHaveLength(0);
  });
});
