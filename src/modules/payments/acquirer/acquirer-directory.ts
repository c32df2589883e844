import { DomainError } from '../../../platform/errors/domain-error.ts';
import type { Acquirer } from './acquirer.ts';
import { createSimulatorAcquirer } from './simulator.ts';

/** Which acquirer moves an order's money. One directory per process, built by the composition root. */
export interface AcquirerDirectory {
  /** The acquirer of an order (or of a project about to create one), or null where none is configured. */
  find(order: { flags: readonly string[] }): Acquirer | null;
  /** The same, or the refusal: 422 `acquirer_not_configured`. */
  require(order: { flags: readonly string[] }): Acquirer;
}

const notConfigured = () =>
  new DomainError(
    'unprocessable',
    'acquirer_not_configured',
    'Card payments of live projects need an acquirer connection, and none is configured; use a test project',
  );

/** A directory from its lookup; `require` refuses where `find` has nothing. */
export function acquirerDirectory(find: AcquirerDirectory['find']): AcquirerDirectory {
  return {
    find,
    require: (order) => {
      const acquirer = find(order);
      if (!acquirer) throw notConfigured();
      return acquirer;
    },
  };
}

/**
 * This build's directory: test projects' orders (flag `is-test`) pay through the deterministic simulator. Live
 * projects have no acquirer connection, so their card payments are refused rather than pretending to move
 * real money.
 */
export function createAcquirerDirectory(options: { now: () => Date }): AcquirerDirectory {
  const simulator = createSimulatorAcquirer({ now: options.now });
  return acquirerDirectory((order) => (order.flags.includes('is-test') ? simulator : null));
}
