import type { FeeRule } from '../../config/fees.ts';
import type { UnitOfWork } from '../../platform/db/db.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Order, OrderChanges } from '../orders/index.ts';
import { feeRulesOfOrder } from '../orders/index.ts';
import type { CardCipher } from '../vault/index.ts';
import type { Acquirer } from './acquirer/acquirer.ts';
import { authorizationReleaseTimer } from './authorization-release-timer.ts';
import type { PaymentDeps } from './deps.ts';
import { cardAuthorizationInsert, PaymentRepository } from './payment.repository.ts';

/** Everything one authorization attempt works with, inside the unit of work that holds the order's lock. */
export interface AuthorizationSetting {
  /** Where the attempt's status changes put their rows. */
  orders: OrderChanges;
  /**
   * Reads an authorization; writes a new one (the ORM's unit of work, or an order's change set, which reads
   * nothing: its attempts are new and name their authorization, none).
   */
  payments: Pick<PaymentRepository, 'add'> & Partial<Pick<PaymentRepository, 'findAuthorization'>>;
  /** For the release timer of an approved pre-authorization, enqueued in the same unit of work. */
  jobs: JobQueue;
  /** Sets the release timer of an approved pre-authorization with the attempt's other writes. */
  scheduleRelease(job: { transactionId: string }, dueAt: Date): Promise<void>;
  cipher: CardCipher;
  acquirer: Acquirer;
  /** How long an approved pre-authorization can be captured (ISO 8601 duration). */
  capturePeriod: string;
  /** `{base_url}`, for the `payment_url` of a challenged transaction. */
  baseUrl: string;
  /** The project's fee rules: an approved sale records its settlement and fee (settlement-rules.ts). */
  fees: readonly FeeRule[];
  at: Date;
}

/**
 * The setting of an attempt on `order` over the caller's unit of work: the order's acquirer (422
 * `acquirer_not_configured` where there is none), the vault keyring, the capture period and one clock reading.
 * Decides only; reads and writes nothing.
 */
export function authorizationSetting(
  deps: Pick<PaymentDeps, 'acquirers' | 'cipher' | 'config' | 'jobs' | 'now'>,
  unit: {
    uow: UnitOfWork;
    orders: OrderChanges;
    payments?: AuthorizationSetting['payments'];
    /** Default: enqueued in `uow` (its transaction). */
    scheduleRelease?: AuthorizationSetting['scheduleRelease'];
  },
  order: Pick<Order, 'flags' | 'projectId'>,
  at: Date = deps.now(),
): AuthorizationSetting {
  return settingOf(
    deps,
    {
      orders: unit.orders,
      payments: unit.payments ?? new PaymentRepository(unit.uow),
      scheduleRelease:
        unit.scheduleRelease ??
        ((job, dueAt) => authorizationReleaseTimer.schedule(deps.jobs, unit.uow, job, dueAt)),
    },
    order,
    at,
  );
}

function settingOf(
  deps: Pick<PaymentDeps, 'acquirers' | 'cipher' | 'config' | 'jobs'>,
  unit: Pick<AuthorizationSetting, 'orders' | 'payments' | 'scheduleRelease'>,
  order: Pick<Order, 'flags' | 'projectId'>,
  at: Date,
): AuthorizationSetting {
  return {
    ...unit,
    jobs: deps.jobs,
    cipher: deps.cipher,
    acquirer: deps.acquirers.require(order),
    capturePeriod: deps.config.authorizationCapturePeriod,
    baseUrl: deps.config.baseUrl,
    fees: feeRulesOfOrder(deps.config.fees, order),
    at,
  };
}

/**
 * The setting of an authorization whose writes join an order's change set (a one-click payment at the order's
 * creation): the authorization row and a release timer become parts of the order's one write statement.
 */
export function authorizationSettingIn(
  deps: Pick<PaymentDeps, 'acquirers' | 'cipher' | 'config' | 'jobs' | 'now'>,
  changes: OrderChanges,
  order: Pick<Order, 'flags' | 'projectId'>,
  at: Date,
): AuthorizationSetting {
  return settingOf(
    deps,
    {
      orders: changes,
      payments: { add: (authorization) => changes.also(() => cardAuthorizationInsert(authorization)) },
      scheduleRelease: async (job, dueAt) => {
        const timer = await authorizationReleaseTimer.insertFor(deps.jobs, job, dueAt);
        changes.also(() => timer);
      },
    },
    order,
    at,
  );
}
