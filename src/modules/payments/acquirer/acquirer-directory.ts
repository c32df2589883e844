import type { Db } from '../../../platform/db/db.ts';
import { crashPoint } from '../../../platform/faults.ts';
import { acquirerNotConfigured } from '../errors.ts';
import type { Acquirer } from './acquirer.ts';
import { AcquirerLedgerRepository } from './acquirer-ledger.repository.ts';
import { createSimulatorAcquirer, type SimulatorLedger } from './simulator.ts';

/** Which acquirer moves an order's money. One directory per process, built by the composition root. */
export interface AcquirerDirectory {
  /** The acquirer of an order (or of a project about to create one), or null where none is configured. */
  find(order: { flags: readonly string[] }): Acquirer | null;
  /** The same, or the refusal: 422 `acquirer_not_configured`. */
  require(order: { flags: readonly string[] }): Acquirer;
}

/** A directory from its lookup; `require` refuses where `find` has nothing. */
export function acquirerDirectory(find: AcquirerDirectory['find']): AcquirerDirectory {
  return {
    find,
    require: (order) => {
      const acquirer = find(order);
      if (!acquirer) throw acquirerNotConfigured();
      return acquirer;
    },
  };
}

/**
 * This build's directory: test projects' orders (flag `is-test`) pay through the deterministic simulator. Live
 * projects have no acquirer connection, so their card payments are refused rather than pretending to move
 * real money.
 */
export function createAcquirerDirectory(options: { now: () => Date; db?: Db }): AcquirerDirectory {
  const { db } = options;
  const ledger: SimulatorLedger | undefined = db
    ? async (entry) => {
        // Never with the request's joined write (its audit entry commits with the gateway's own transaction, not
        // with the acquirer's books); concurrent bookings may share a statement.
        const booking = await db.autocommit((uow) => new AcquirerLedgerRepository(uow).book(entry), {
          merges: true,
        });
        // The money moved at the acquirer; the gateway has not heard back yet.
        await crashPoint('acquirer.after-effect');
        return booking.result;
      }
    : undefined;
  const simulator = createSimulatorAcquirer({ now: options.now, ledger });
  return acquirerDirectory((order) => (order.flags.includes('is-test') ? simulator : null));
}
