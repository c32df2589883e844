import { addEventHandler } from 'jest-circus';

/**
 * Jest's timeouts for `jest-light-runner`, which calls a test's function without one: a test or hook that hangs
 * would hang the run instead of failing. Every test and hook is wrapped as it is declared, with the timeout given
 * as its last argument (`it(name, fn, 60_000)`) or the default below (jest's `testTimeout` in jest.config.js).
 */
const DEFAULT_TIMEOUT_MS = 30_000;

type Fn = (...args: unknown[]) => unknown;

function withTimeout(fn: Fn, timeoutMs: number, what: string): Fn {
  return async function timed(this: unknown) {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Exceeded timeout of ${timeoutMs} ms for ${what}.`)),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([fn.call(this), expired]);
    } finally {
      clearTimeout(timer);
    }
  };
}

interface Declared {
  fn: Fn;
  timeout?: number;
  name?: string;
  type?: string;
}

addEventHandler((event, state) => {
  const block = state.currentDescribeBlock;
  if (event.name === 'add_test') {
    const test = block.tests.at(-1) as unknown as Declared | undefined;
    if (test?.fn)
      test.fn = withTimeout(test.fn, test.timeout ?? DEFAULT_TIMEOUT_MS, `a test ("${test.name}")`);
  } else if (event.name === 'add_hook') {
    const hook = block.hooks.at(-1) as unknown as Declared | undefined;
    if (hook?.fn) hook.fn = withTimeout(hook.fn, hook.timeout ?? DEFAULT_TIMEOUT_MS, `a ${hook.type} hook`);
  }
});
