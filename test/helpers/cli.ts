import type { CliProgram } from '../../src/cli/command-line.ts';
import { runProgram } from '../../src/cli/command-line.ts';
import type { CredentialChange } from '../../src/platform/auth/credential-change.ts';
import type { TestApp } from './test-app.ts';

export interface CliOutput {
  stdout: string;
  stderr: string;
}

/**
 * Runs an administration program (`src/cli/*-program.ts`) in this process, with these arguments, this
 * environment and this standard input (`{ stdin: 'a password\n' }`; empty, as from `/dev/null`, unless given),
 * and settles as `execFile` does for its script: with its output when it exits 0, else rejected
 * with `{ code, stdout, stderr }`. A test file keeps one real spawn of the script; the rest need no new Node
 * process (about 2 s of CPU each).
 */
export async function runInProcess(
  program: CliProgram<any>,
  args: string[],
  env: Record<string, string | undefined>,
  input: { stdin?: string } = {},
): Promise<CliOutput> {
  let stdout = '';
  let stderr = '';
  const code = await runProgram(program, {
    args,
    env: { ...process.env, ...env },
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    stdin: async () => input.stdin ?? '',
  });
  if (code !== 0) throw Object.assign(new Error(`exit code ${code}: ${stderr}`), { code, stdout, stderr });
  return { stdout, stderr };
}

/**
 * Runs `command` (a program in-process), then waits until the app's credential cache has heard of its change to
 * this key, user or session, failing after `timeoutMs`. To the app the command is another process: its NOTIFY
 * arrives a moment after the command returns, a moment a spawned command's exit used to hide.
 */
export async function heardByApp<T>(
  app: TestApp,
  changed: Pick<CredentialChange, 'scope' | 'id'>,
  command: () => Promise<T>,
  timeoutMs = 5_000,
): Promise<T> {
  let hear = () => {};
  const heard = new Promise<void>((resolve) => {
    hear = resolve;
  });
  const stop = app.runtime.deps.credentials.onChange((change) => {
    if (change?.scope === changed.scope && change.id === changed.id) hear();
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await command();
    await Promise.race([
      heard,
      new Promise((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(`the app heard of no change to ${changed.scope} ${changed.id} in ${timeoutMs} ms`),
            ),
          timeoutMs,
        );
      }),
    ]);
    return result;
  } finally {
    clearTimeout(timer);
    stop();
  }
}
