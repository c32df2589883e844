import { isOrderViewField } from '../../src/modules/orders/graphql/kept-order-results.ts';

describe('the fields an order(id:) answer may be kept with', () => {
  it("are the orders module's fields over the order's view, its transactions, their events and details", () => {
    for (const field of ['Order.status', 'Order.amount', 'Order.transactions', 'Order.relatedOrderIds']) {
      expect([field, isOrderViewField(...(field.split('.') as [string, string]))]).toEqual([field, true]);
    }
    expect(isOrderViewField('Transaction', 'events')).toBe(true);
    expect(isOrderViewField('TransactionEvent', 'occurred')).toBe(true);
    expect(isOrderViewField('PaymentMethodDetails', 'truncatedPan')).toBe(true);
    expect(isOrderViewField('ProcessingOutcome', 'responseCode')).toBe(true);
  });

  it("are not the caller's merchant name, other orders, nor any field another module adds to an order", () => {
    expect(isOrderViewField('Order', 'merchantName')).toBe(false);
    expect(isOrderViewField('Order', 'chargebacks')).toBe(false);
    expect(isOrderViewField('Order', 'reversals')).toBe(false);
    for (const added of ['webhookDeliveries', 'refunds', 'availableActions', 'paymentLink', 'event']) {
      expect([added, isOrderViewField('Order', added)]).toEqual([added, false]);
    }
    expect(isOrderViewField('Query', 'order')).toBe(false);
    expect(isOrderViewField('Mutation', 'createOrder')).toBe(false);
  });
});
