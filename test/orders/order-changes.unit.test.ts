import { Order } from '../../src/modules/orders/order.entity.ts';
import { OrderChanges } from '../../src/modules/orders/order-writes.repository.ts';
import { Transaction } from '../../src/modules/orders/transaction.entity.ts';

/**
 * An order and its transaction as a lock reads them: `OrderChanges` writes a row read under a lock back only when
 * a column of it changed since (a jsonb object or a date changed in place included), and only that row.
 */
describe('rows read under a lock', () => {
  const at = new Date('2026-11-28T10:00:00.000Z');
  const read = () => {
    const order = Order.restore({
      ...Order.createPayment({
        projectId: '9a0c7f1e-1f4e-4b8e-9a43-0d4f4cf0a001',
        merchantId: '9a0c7f1e-1f4e-4b8e-9a43-0d4f4cf0a002',
        mode: 'test',
        checkout: 'own',
        currency: 'EUR',
        amount: 995,
        expirationPeriod: 'PT1H',
        at,
        description: 'A card order',
      } as Parameters<typeof Order.createPayment>[0]),
    });
    const transaction = Transaction.restore({
      ...Transaction.createPayment(order, {
        id: '9a0c7f1e-1f4e-4b8e-9a43-0d4f4cf0a003',
        paymentMethod: 'credit-card',
        details: { setup_token: '9a0c7f1e-1f4e-4b8e-9a43-0d4f4cf0a004' },
        setupToken: '9a0c7f1e-1f4e-4b8e-9a43-0d4f4cf0a004',
        at,
      }),
    });
    const changes = new OrderChanges();
    changes.track(order);
    changes.track(transaction);
    return { order, transaction, changes };
  };
  /** The rows each part writes back, by table. */
  const written = (changes: OrderChanges) =>
    changes.parts().map((part) => ({
      table: /^update (\w+)/.exec(part.sql)?.[1],
      ids: JSON.parse(part.values[0] as string).map((row: { id: string }) => row.id),
    }));

  it('writes nothing back when nothing changed, a date replaced by an equal one included', () => {
    const { transaction, changes } = read();
    transaction.modifiedAt = new Date(at.getTime());
    expect(changes.parts()).toEqual([]);
  });

  it('writes back only the row that changed', () => {
    const { transaction, changes } = read();
    transaction.status = 'accepted';
    expect(written(changes)).toEqual([{ table: 'transactions', ids: [transaction.id] }]);
  });

  it('sees a jsonb object changed in place', () => {
    const { transaction, changes } = read();
    (transaction.paymentMethodDetails as Record<string, unknown>).truncated_pan = '411111******1111';
    expect(written(changes)).toEqual([{ table: 'transactions', ids: [transaction.id] }]);
  });

  it('sees a date changed in place, and a value cleared', () => {
    const first = read();
    first.order.expiresAt.setTime(at.getTime() + 1);
    expect(written(first.changes)).toEqual([{ table: 'orders', ids: [first.order.id] }]);
    const second = read();
    second.order.description = null;
    expect(written(second.changes)).toEqual([{ table: 'orders', ids: [second.order.id] }]);
  });

  it('writes a changed row as it is now', () => {
    const { transaction, changes } = read();
    transaction.paymentMethodDetails = { ...transaction.paymentMethodDetails, card_expiry: '122030' };
    const [part] = changes.parts();
    expect(JSON.parse(part!.values[0] as string)[0].payment_method_details).toEqual({
      setup_token: '9a0c7f1e-1f4e-4b8e-9a43-0d4f4cf0a004',
      card_expiry: '122030',
    });
  });
});
