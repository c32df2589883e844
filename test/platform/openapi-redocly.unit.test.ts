import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/**
 * The committed OpenAPI document (src/generated/openapi.json, what `/openapi.json` serves) passes Redocly's
 * `recommended` rules (redocly.yaml; only `no-path-trailing-slash` is off: the spec's paths end in a slash).
 */
describe('the OpenAPI document under Redocly lint', () => {
  it('has no error under the recommended rules', async () => {
    const { stdout } = await run(
      'node_modules/.bin/redocly',
      ['lint', 'src/generated/openapi.json', '--format=json'],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((failure: { stdout: string }) => failure);
    const { problems } = JSON.parse(stdout) as { problems: LintProblem[] };
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
  }, 60_000);
});
