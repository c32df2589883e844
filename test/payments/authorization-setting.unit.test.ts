import type { AppConfig } from '../../src/config/index.ts';
import { Order } from '../../src/modules/orders/order.entity.ts';
import { OrderChanges } from '../../src/modules/orders/order-writes.repository.ts';
import { createAcquirerDirectory } from '../../src/modules/payments/acquirer/acquirer-directory.ts';
import { authorizationSetting } from '../../src/modules/payments/authorization-setting.ts';
import type { PaymentDeps } from '../../src/modules/payments/deps.ts';
import type { CardCipher } from '../../src/modules/vault/card-crypto.ts';
import type { EntityManager } from '../../src/platform/db/repository.ts';
import { UnitOfWork } from '../../src/platform/db/repository.ts';
import { DomainError } from '../../src/platform/errors/domain-error.ts';
import type { JobQueue } from '../../src/platform/jobs/job-queue.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const cipher = { activeKeyId: 'k1' } as CardCipher;
const jobs = {} as JobQueue;
const deps: Pick<PaymentDeps, 'acquirers' | 'cipher' | 'config' | 'jobs' | 'now'> = {
  acquirers: createAcquirerDirectory({ now: () => NOW }),
  cipher,
  config: {
    authorizationCapturePeriod: 'P7D',
    baseUrl: 'https://pay.example',
    fees: {
      default: [{ paymentMethod: 'credit-card', brand: null, fixed: 5, basisPoints: 0 }],
      projects: {},
    },
  } as unknown as AppConfig,
  jobs,
  now: () => NOW,
};
// Building a setting reads nothing: a unit of work over no database will do.
const unit = { uow: new UnitOfWork({} as EntityManager), orders: new OrderChanges() };
const orderOf = (mode: 'test' | 'live') =>
  Order.createPayment({
    projectId: 'p-1',
    merchantId: 'm-1',
    mode,
    checkout: 'own',
    currency: 'EUR',
    amount: 995,
    expirationPeriod: 'PT1H',
    at: NOW,
  });

describe('the setting of a card authorization', () => {
  it("pays a test project's order through the simulator, with the vault keys and the capture period", () => {
    const setting = authorizationSetting(deps, unit, orderOf('test'));
    expect(setting).toMatchObject({
      orders: unit.orders,
      jobs,
      cipher,
      capturePeriod: 'P7D',
      baseUrl: 'https://pay.example',
      // A test project not named in the fee schedule pays nothing.
      fees: [],
      at: NOW,
    });
    expect(setting.acquirer.name).toBe('simulator');
  });

  it('reads the clock once, or takes the moment it is given', () => {
    const given = new Date('2026-06-15T12:00:05Z');
    expect(authorizationSetting(deps, unit, orderOf('test'), given).at).toBe(given);
  });

  it("refuses a live project's order: no acquirer is configured in this build", () => {
    let refusal: unknown;
    try {
      authorizationSetting(deps, unit, orderOf('live'));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ kind: 'unprocessable', code: 'acquirer_not_configured' });
  });
});
