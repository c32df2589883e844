/**
 * The last answer of a one-shot child process of the bench (the load generator, the reference post loop).
 *
 * `process.send()` writes what the socket takes at once and queues the rest; `process.disconnect()` right after
 * it closes the channel with the rest still queued, and that rest is dropped without an error. An answer
 * larger than the socket buffer (about 208 KiB on Linux; phase (b)'s load result with its 4,600 order ids and
 * times is about 265 KiB) then never reaches the parent, and the child exits 0 having "answered". So the
 * channel is closed only from the send's callback, once the whole message is written.
 */
export function answerAndDisconnect(message: unknown): void {
  process.send!(message, (error: Error | null) => {
    if (error) {
      process.stderr.write(`could not send the answer: ${error.message}\n`);
      process.exitCode = 1;
    }
    if (process.connected) process.disconnect();
  });
}
