import { preparedStatement, type SqlPart } from '../../platform/db/prepared.ts';
import { Repository } from '../../platform/db/repository.ts';
import type { OrderStatus } from '../orders/index.ts';
import { PAID_ORDER_STATUSES, type UnfinishedOrder } from './link-status.ts';
import type { PaymentLink } from './payment-link.entity.ts';

/** A link's stored facts as plain data. */
export type PaymentLinkRecord = { readonly [K in keyof PaymentLink]: PaymentLink[K] };

/** A link with what its orders say about it: what every face shows. */
export interface PaymentLinkView {
  link: PaymentLinkRecord;
  /** Its orders, oldest first. */
  orderIds: string[];
  /** One of its orders was paid (PAID_ORDER_STATUSES). */
  paid: boolean;
}

/** A link locked for opening, with its project's facts and the orders it could lead to. */
export interface LockedLink extends Omit<PaymentLinkView, 'orderIds'> {
  project: { merchantId: string; mode: 'test' | 'live'; paymentMethods: string[] };
  /** A single-use link's orders that are `new` or `processing` (empty for other links), newest first. */
  unfinishedOrders: UnfinishedOrder[];
}

const COLUMNS = `l.id, l.project_id as "projectId", l.amount::text as amount, l.currency, l.description,
  l.merchant_order_id as "merchantOrderId", l.expires_at as "expiresAt", l.single_use as "singleUse",
  l.return_url as "returnUrl", l.failure_url as "failureUrl", l.payment_methods as "paymentMethods",
  l.deactivated_at as "deactivatedAt", l.created_at as "createdAt", l.modified_at as "modifiedAt"`;
/** $1 of every statement that uses it: the order statuses that count as paid. */
const PAID = `exists(select 1 from orders o where o.payment_link_id = l.id and array[o.status] <@ $1::text[]) as paid`;
const VIEW = `${COLUMNS}, ${PAID},
  array(select o.id from orders o where o.payment_link_id = l.id order by o.created_at, o.id)::text[] as "orderIds"`;

const INSERT = `insert into payment_links (id, project_id, amount, currency, description, merchant_order_id,
     expires_at, single_use, return_url, failure_url, payment_methods, deactivated_at, created_at, modified_at)
   values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text[], $12, $13, $14)`;

/** $2 the link, $3 the caller's project. */
const READ = preparedStatement(
  'payment_links.read',
  `select ${VIEW} from payment_links l where l.id = $2::uuid and l.project_id = $3::uuid`,
);

/** A page, newest first: $2 the project, $3/$4 the (created_at, id) position to start after, $5 the limit. */
const LIST = preparedStatement(
  'payment_links.list',
  `select ${VIEW} from payment_links l
   where l.project_id = $2::uuid
     and ($3::timestamptz is null or (l.created_at, l.id) < ($3::timestamptz, $4::uuid))
   order by l.created_at desc, l.id desc
   limit $5`,
);

/** Links by id across projects: $2 the ids, $3 the caller's project. */
const READ_MANY = preparedStatement(
  'payment_links.read_many',
  `select ${VIEW} from payment_links l where l.id = any($2::uuid[]) and l.project_id = $3::uuid`,
);

/** Deactivates once ($4 the time; a second call changes nothing) and answers the link: one statement. */
const DEACTIVATE = preparedStatement(
  'payment_links.deactivate',
  `with l as (
     update payment_links set deactivated_at = coalesce(deactivated_at, $4::timestamptz),
       modified_at = case when deactivated_at is null then $4::timestamptz else modified_at end
     where id = $2::uuid and project_id = $3::uuid
     returning *)
   select ${VIEW} from l`,
);

/**
 * The link row-locked for the rest of the transaction ($1), with its project. Its orders are read by the NEXT
 * statement, not here: under READ COMMITTED a statement that waited for the lock sees the locked row as
 * committed, but every other table as of its own start, i.e. without the order the previous holder created.
 */
const LOCK = preparedStatement(
  'payment_links.lock',
  `select ${COLUMNS},
     json_build_object('merchantId', p.merchant_id, 'mode', p.mode, 'paymentMethods', p.payment_methods)::text
       as project
   from payment_links l join projects p on p.id = l.project_id
   where l.id = $1::uuid
   for update of l`,
);

/**
 * What a link's orders say about opening it ($2 the link; $3 whether it is single-use): whether one was paid
 * and, for a single-use link, its `new` and `processing` orders, newest first.
 */
const OPENING_FACTS = preparedStatement(
  'payment_links.opening_facts',
  `select exists(select 1 from orders o where o.payment_link_id = $2::uuid and array[o.status] <@ $1::text[]) as paid,
     case when $3::boolean then coalesce((
       select json_agg(json_build_object('id', o.id, 'status', o.status, 'expiresAt', o.expires_at)
                       order by o.created_at desc, o.id desc)
         from orders o where o.payment_link_id = $2::uuid and o.status in ('new', 'processing')), '[]'::json)
     else '[]'::json end::text as "unfinishedOrders"`,
);

/** A link as its public address sees it (no lock, no tenant: the id is the key): $2 the link. */
const READ_FOR_CUSTOMER = preparedStatement(
  'payment_links.read_for_customer',
  `select ${COLUMNS}, ${PAID}, p.mode from payment_links l join projects p on p.id = l.project_id
   where l.id = $2::uuid`,
);

/** Timestamps come as text (the pool does not parse them), amounts as text (bigint). */
type Row = Omit<PaymentLinkRecord, 'amount' | 'expiresAt' | 'deactivatedAt' | 'createdAt' | 'modifiedAt'> & {
  amount: string;
  expiresAt: string | null;
  deactivatedAt: string | null;
  createdAt: string;
  modifiedAt: string;
  paid: boolean;
  orderIds?: string[];
};

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

function recordOf(row: Row): PaymentLinkRecord {
  return {
    id: row.id,
    projectId: row.projectId,
    amount: Number(row.amount),
    currency: row.currency,
    description: row.description,
    merchantOrderId: row.merchantOrderId,
    expiresAt: dateOrNull(row.expiresAt),
    singleUse: row.singleUse,
    returnUrl: row.returnUrl,
    failureUrl: row.failureUrl,
    paymentMethods: row.paymentMethods,
    deactivatedAt: dateOrNull(row.deactivatedAt),
    createdAt: new Date(row.createdAt),
    modifiedAt: new Date(row.modifiedAt),
  };
}

const viewOf = (row: Row): PaymentLinkView => ({
  link: recordOf(row),
  orderIds: row.orderIds ?? [],
  paid: row.paid,
});

/** Payment links: one prepared statement per read or write. Every merchant-facing read is scoped to a project. */
export class PaymentLinkRepository extends Repository {
  /**
   * Inserts the link as one statement, with the request's recovery point (`recoveryPoint`, under an
   * Idempotency-Key) and its audit entry as parts of it: the link and the point that names it commit together,
   * and a claim a retry took over fails the statement (platform/operations/recovery-point.repository.ts).
   */
  async insert(link: PaymentLink, recoveryPoint: SqlPart | null): Promise<void> {
    const values = [
      link.id,
      link.projectId,
      link.amount,
      link.currency,
      link.description,
      link.merchantOrderId,
      link.expiresAt,
      link.singleUse,
      link.returnUrl,
      link.failureUrl,
      link.paymentMethods,
      link.deactivatedAt,
      link.createdAt,
      link.modifiedAt,
    ];
    await this.combined('payment_links.insert', [
      { sql: INSERT, values },
      ...(recoveryPoint ? [recoveryPoint] : []),
    ]);
  }

  async read(projectId: string, linkId: string): Promise<PaymentLinkView | null> {
    const [row] = await this.prepared<Row>(READ, [PAID_ORDER_STATUSES, linkId, projectId]);
    return row ? viewOf(row) : null;
  }

  async readMany(projectId: string, linkIds: readonly string[]): Promise<PaymentLinkView[]> {
    const rows = await this.prepared<Row>(READ_MANY, [PAID_ORDER_STATUSES, linkIds, projectId]);
    return rows.map(viewOf);
  }

  async list(
    projectId: string,
    after: { createdAt: Date; id: string } | null,
    limit: number,
  ): Promise<PaymentLinkView[]> {
    const rows = await this.prepared<Row>(LIST, [
      PAID_ORDER_STATUSES,
      projectId,
      after?.createdAt ?? null,
      after?.id ?? null,
      limit,
    ]);
    return rows.map(viewOf);
  }

  async deactivate(projectId: string, linkId: string, at: Date): Promise<PaymentLinkView | null> {
    const [row] = await this.prepared<Row>(DEACTIVATE, [PAID_ORDER_STATUSES, linkId, projectId, at]);
    return row ? viewOf(row) : null;
  }

  /** What a customer's HEAD of the link's address looks at; null when there is no such link. */
  async readForCustomer(
    linkId: string,
  ): Promise<{ link: PaymentLinkRecord; paid: boolean; mode: 'test' | 'live' } | null> {
    const [row] = await this.prepared<Row & { mode: 'test' | 'live' }>(READ_FOR_CUSTOMER, [
      PAID_ORDER_STATUSES,
      linkId,
    ]);
    return row ? { link: recordOf(row), paid: row.paid, mode: row.mode } : null;
  }

  /**
   * Locks the link for opening (in a transaction) and reads what its orders say: two statements, so that the
   * second sees every order committed before the lock was granted. Null when there is no such link.
   */
  async lockForOpening(linkId: string): Promise<LockedLink | null> {
    const [row] = await this.prepared<Row & { project: string }>(LOCK, [linkId]);
    if (!row) return null;
    const link = recordOf(row);
    const [facts] = await this.prepared<{ paid: boolean; unfinishedOrders: string }>(OPENING_FACTS, [
      PAID_ORDER_STATUSES,
      linkId,
      link.singleUse,
    ]);
    const unfinished = JSON.parse(facts!.unfinishedOrders) as {
      id: string;
      status: OrderStatus;
      expiresAt: string;
    }[];
    return {
      link,
      paid: facts!.paid,
      project: JSON.parse(row.project) as LockedLink['project'],
      unfinishedOrders: unfinished.map((o) => ({ ...o, expiresAt: new Date(o.expiresAt) })),
    };
  }
}
