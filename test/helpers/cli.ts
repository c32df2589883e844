import type { CliProgram } from '../../src/cli/command-line.ts';
import { runProgram } from '../../src/cli/command-line.ts';

export interface CliOutput {
  stdout: string;
  stderr: string;
}

/**
 * Runs an administration program (`src/cli/*-program.ts`) in this process, with these arguments and this
 * environment, and settles as `execFile` does for its script: with its output when it exits 0, else rejected
 * with `{ code, stdout, stderr }`. A test file keeps one real spawn of the script; the rest need no new Node
 * process (about 2 s of CPU each).
 */
export async function runInProcess(
  program: CliProgram<any>,
  args: string[],
  env: Record<string, string | undefined>,
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
  });
  if (code !== 0) throw Object.assign(new Error(`exit code ${code}: ${stderr}`), { code, stdout, stderr });
  return { stdout, stderr };
}
