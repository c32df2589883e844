/**
 * Resolves once the event loop has run the rest of its current turn (`setImmediate`): what the write batches and
 * shared transactions wait for before they send the work queued in a turn (platform/db/write-batches.ts). A test
 * that wants one request to leave before the next ones are made awaits it in between.
 */
export function endOfTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
