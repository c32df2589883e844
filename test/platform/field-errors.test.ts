import { buildOrder } from '../factories/order.ts';
import { payOwnCheckoutOrder, TEST_CARDS } from '../factories/payments.ts';
import { type SeededProject, seedProject } from '../factories/project.ts';
import { sql } from '../helpers/database.ts';
import { type GraphQLClient, graphqlClient } from '../helpers/graphql.ts';
import { type RestClient, restClient } from '../helpers/http.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

interface FieldEntry {
  field: string | null;
  code: string;
  message: string;
}
interface ErrorResponse {
  error: { status: number; type: string; value: string; fields?: FieldEntry[] };
}
interface UserError {
  field: string | null;
  code: string;
  problem: string | null;
  message: string;
}

describe('errors that name every field', () => {
  let app: TestApp;
  let project: SeededProject;
  let api: RestClient;
  let gql: GraphQLClient;

  beforeAll(async () => {
    app = await startTestApp();
    project = await seedProject(app);
    api = restClient(app.baseUrl, project.apiKey);
    gql = graphqlClient(app.baseUrl, project.apiKey);
  });
  afterAll(() => app.stop());

  const orderCount = async () =>
    (
      await sql(app.databaseUrl, 'select count(*)::int as n from orders where project_id = $1', [
        project.projectId,
      ])
    )[0]!.n;

  const refusedOrder = async (body: Record<string, unknown>) => {
    const before = await orderCount();
    const response = await api.post<ErrorResponse>('/v1/orders/', body);
    expect(response.status).toBe(400);
    expect(await orderCount()).toBe(before);
    return response.body.error;
  };

  describe('over REST', () => {
    it('lists one entry per problem with the JSON path of each field, and keeps the joined summary in value', async () => {
      const error = await refusedOrder({
        currency: 'eur',
        return_url: 'ftp://shop.example',
        customer: { email_address: 'nope', country: 'nl' },
        transactions: [{ payment_method: 'cash' }],
      });
      expect(error).toMatchObject({ status: 400, type: 'invalid_request' });
      expect(error.fields).toEqual([
        { field: 'amount', code: 'required', message: 'amount: is required' },
        {
          field: 'currency',
          code: 'invalid_format',
          message: 'currency: must be a three-letter upper-case ISO 4217 code',
        },
        {
          field: 'return_url',
          code: 'invalid',
          message: 'return_url: must be an absolute http or https URL',
        },
        {
          field: 'transactions.0.payment_method',
          code: 'invalid_value',
          message:
            'transactions.0.payment_method: must be one of credit-card, wallet-a-pay, wallet-b-pay, ideal',
        },
        {
          field: 'customer.email_address',
          code: 'invalid_format',
          message: 'customer.email_address: must be an e-mail address',
        },
        {
          field: 'customer.country',
          code: 'invalid_format',
          message: 'customer.country: must be an ISO 3166-1 alpha-2 code such as NL',
        },
      ]);
      expect(error.value).toBe(error.fields!.map((entry) => entry.message).join('; '));
    });

    it('says "is required" for a missing field, whatever its type', async () => {
      const error = await refusedOrder({ description: 'no money given' });
      expect(error.fields).toEqual([
        { field: 'amount', code: 'required', message: 'amount: is required' },
        { field: 'currency', code: 'required', message: 'currency: is required' },
      ]);
    });

    it('says "must be …" for a wrong type and for a value out of range', async () => {
      const error = await refusedOrder(
        buildOrder({ amount: '995', description: 'x'.repeat(1025), customer: { phone_numbers: 'none' } }),
      );
      expect(error.fields).toEqual([
        {
          field: 'amount',
          code: 'invalid_type',
          message: 'amount: must be an integer number of minor units',
        },
        { field: 'description', code: 'too_big', message: 'description: must be at most 1024 characters' },
        {
          field: 'customer.phone_numbers',
          code: 'invalid_type',
          message: 'customer.phone_numbers: must be an array',
        },
      ]);
      const negative = await refusedOrder(buildOrder({ amount: -1 }));
      expect(negative.fields).toEqual([
        { field: 'amount', code: 'too_small', message: 'amount: must be >= 0' },
      ]);
    });

    it('names the allowed values when an enum is wrong', async () => {
      const error = await refusedOrder(buildOrder({ customer: { address_type: 'home' } }));
      expect(error.fields).toEqual([
        {
          field: 'customer.address_type',
          code: 'invalid_value',
          message: 'customer.address_type: must be one of billing, shipping',
        },
      ]);
    });

    it('names unknown fields one by one', async () => {
      const error = await refusedOrder(
        buildOrder({ amout: 100, colour: 'red', customer: { shoe_size: 44 } }),
      );
      expect(error.fields).toEqual([
        {
          field: 'customer.shoe_size',
          code: 'unknown_field',
          message: 'customer.shoe_size: is not a known field',
        },
        { field: 'amout', code: 'unknown_field', message: 'amout: is not a known field' },
        { field: 'colour', code: 'unknown_field', message: 'colour: is not a known field' },
      ]);
      expect(error.value).toBe('unknown field(s): customer.shoe_size, amout, colour');
    });

    it('does not echo a field name that could be card data', async () => {
      const error = await refusedOrder(buildOrder({ [TEST_CARDS.visa]: true }));
      expect(error.fields).toEqual([
        { field: '(unknown field)', code: 'unknown_field', message: '(unknown field): is not a known field' },
      ]);
      expect(JSON.stringify(error)).not.toContain(TEST_CARDS.visa);
    });

    it('says why a refund does not accept a currency, and shows money with its minor units', async () => {
      const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1500 });
      const withCurrency = await api.post<ErrorResponse>(`/v1/orders/${paid.id}/refunds/`, {
        amount: 100,
        currency: 'USD',
      });
      expect(withCurrency.status).toBe(400);
      expect(withCurrency.body.error.fields).toEqual([
        {
          field: 'currency',
          code: 'not_accepted',
          message:
            "currency: is not accepted on a refund: a refund always uses the original order's currency",
        },
      ]);

      const tooMuch = await api.post<ErrorResponse>(`/v1/orders/${paid.id}/refunds/`, { amount: 1501 });
      expect(tooMuch.status).toBe(422);
      expect(tooMuch.body.error.value).toBe(
        'amount: 15.01 EUR (1501 minor units) exceeds the remaining refundable amount of 15.00 EUR ' +
          '(1500 minor units): 15.00 EUR (1500 minor units) paid, 0.00 EUR (0 minor units) already refunded or ' +
          'being refunded',
      );
    });

    it('uses the currency exponent for money: JPY has no minor digits', async () => {
      const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1500, currency: 'JPY' });
      const tooMuch = await api.post<ErrorResponse>(`/v1/orders/${paid.id}/refunds/`, { amount: 1501 });
      expect(tooMuch.body.error.value).toContain(
        'remaining refundable amount of 1500 JPY (1500 minor units)',
      );
    });

    it("names the field of a rule's own refusal, such as a search query's", async () => {
      const response = await api.post<ErrorResponse>('/v1/search/orders/', { query: 'colour:red' });
      expect(response.status).toBe(400);
      expect(response.body.error.type).toBe('unknown_field');
      expect(response.body.error.fields).toEqual([
        { field: 'query', code: 'unknown_field', message: response.body.error.value },
      ]);
      expect(response.body.error.value).toMatch(/^query: Unknown field "colour" at position 0/);
    });

    it('keeps errors about no field in particular without fields', async () => {
      const response = await api.post<ErrorResponse>('/v1/orders/', '{"amount": 995,');
      expect(response.body).toEqual({
        error: { status: 400, type: 'malformed_json', value: 'The request body is not valid JSON' },
      });
    });
  });

  describe('over GraphQL', () => {
    const CREATE = `mutation Create($input: CreateOrderInput!) {
      createOrder(input: $input) { order { id } userErrors { field code problem message } }
    }`;

    it('gives one userError per problem, each named by its GraphQL input path', async () => {
      const before = await orderCount();
      const { data, errors } = await gql<{ createOrder: { order: null; userErrors: UserError[] } }>(CREATE, {
        input: {
          amount: 100,
          currency: 'eur',
          returnUrl: 'ftp://shop.example',
          customer: { emailAddress: 'nope' },
          transactions: [{ paymentMethod: 'CREDIT_CARD', paymentMethodDetails: { cvc: '12' } }],
        },
      });
      expect(errors).toBeUndefined();
      expect(data?.createOrder.userErrors).toEqual([
        {
          field: 'currency',
          code: 'invalid_request',
          problem: 'invalid_format',
          message: 'currency: must be a three-letter upper-case ISO 4217 code',
        },
        {
          field: 'returnUrl',
          code: 'invalid_request',
          problem: 'invalid',
          message: 'returnUrl: must be an absolute http or https URL',
        },
        {
          field: 'transactions.0.paymentMethodDetails.cvc',
          code: 'invalid_request',
          problem: 'invalid_format',
          message: 'transactions.0.paymentMethodDetails.cvc: must be 3 or 4 digits',
        },
        {
          field: 'customer.emailAddress',
          code: 'invalid_request',
          problem: 'invalid_format',
          message: 'customer.emailAddress: must be an e-mail address',
        },
      ]);
      expect(await orderCount()).toBe(before);
    });

    it('names the problem of a refund argument the same way', async () => {
      const paid = await payOwnCheckoutOrder(app.baseUrl, project.apiKey, { amount: 1000 });
      const { data } = await gql<{ refundOrder: { userErrors: UserError[] } }>(
        `mutation R($orderId: ID!) {
          refundOrder(orderId: $orderId, amount: 1001, merchantOrderId: "r-1") { userErrors { field code problem message } }
        }`,
        { orderId: paid.id },
      );
      expect(data?.refundOrder.userErrors).toEqual([
        {
          field: 'amount',
          code: 'refund_exceeds_remaining',
          problem: 'refund_exceeds_remaining',
          message: expect.stringContaining('amount: 10.01 EUR (1001 minor units) exceeds'),
        },
      ]);
    });
  });
});
