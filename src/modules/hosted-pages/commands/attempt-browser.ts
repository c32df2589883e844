import type { Deps } from '../../../platform/deps.ts';
import { isUuid } from '../../orders/index.ts';
import {
  type AttemptBrowser,
  AttemptBrowserRepository,
  type BrowserHash,
} from '../attempt-browsers.repository.ts';

/**
 * Whose payment attempt a payment or bank page is about, for the browser with hash `browser` (null: it has no
 * payer cookie): the browser that started it on the order page (`this`), another (`another`), or nobody, an own
 * checkout the shop started through the API (`none`). An id that is no UUID is nobody's: the page's own load
 * answers it as not found.
 */
export function attemptBrowserOf(
  deps: Pick<Deps, 'db'>,
  transactionId: string,
  browser: BrowserHash | null,
): Promise<AttemptBrowser> {
  if (!isUuid(transactionId)) return Promise.resolve('none');
  return deps.db.read((uow) => new AttemptBrowserRepository(uow).browserOf(transactionId, browser));
}
