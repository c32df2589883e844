import { type ChildProcess, spawn } from 'node:child_process';

/**
 * `npm test`: the portal build, then jest and the static checks side by side. Jest's workers spend much of a
 * run waiting (servers, browsers, timers), so the checks (codegen, the two type checks, Biome, the import
 * boundaries) use that time instead of running before jest one after another (about 110 s on the 2-core
 * machine). Each check prints one line when it is done (with its output if it failed), so jest's list of its
 * slowest files stays last; the run fails if anything failed.
 * Extra arguments go to jest (`npm test -- test/orders`).
 */

const CHECKS = ['codegen:check', 'typecheck', 'lint', 'boundaries'];

interface Finished {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

/**
 * The checks run at a lower priority than jest (`nice`, where there is one): they only have to finish before
 * jest does, while jest's timing-bound tests (a delivery window, a stop's log lines) need the CPU when they ask.
 */
const LOWER_PRIORITY = process.platform === 'win32' ? [] : ['nice', '-n', '15'];

function npmRun(
  script: string,
  args: string[],
  quiet: boolean,
): { child: ChildProcess; done: Promise<Finished> } {
  const started = Date.now();
  const command = [
    ...(quiet ? LOWER_PRIORITY : []),
    'npm',
    'run',
    '--silent',
    script,
    ...(args.length > 0 ? ['--', ...args] : []),
  ];
  const child = spawn(command[0]!, command.slice(1), {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const done = new Promise<Finished>((resolve) =>
    child.once('exit', (code, signal) =>
      resolve({
        name: script,
        code: code ?? (signal ? 1 : 0),
        output,
        seconds: (Date.now() - started) / 1000,
      }),
    ),
  );
  return { child, done };
}

/**
 * One check after the other, at a lower priority; each says at once how it went (a failure with its output),
 * between jest's lines.
 */
async function checksOneAfterAnother(): Promise<Finished[]> {
  const finished: Finished[] = [];
  for (const name of CHECKS) {
    const check = await npmRun(name, [], true).done;
    process.stdout.write(
      `\n${check.code === 0 ? 'ok  ' : 'FAIL'} npm run ${check.name} (${check.seconds.toFixed(0)} s)\n`,
    );
    if (check.code !== 0) process.stdout.write(`${check.output.trimEnd()}\n`);
    finished.push(check);
  }
  return finished;
}

const portal = await npmRun('portal:build', [], false).done;
if (portal.code !== 0) process.exit(portal.code);

const checks = checksOneAfterAnother();
const jest = await npmRun('jest', process.argv.slice(2), false).done;
const checked = await checks;
const failed = [...checked, jest].filter((step) => step.code !== 0);
process.exit(failed.length === 0 ? 0 : 1);
