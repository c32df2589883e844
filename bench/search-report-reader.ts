import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { nodeArgs } from './lib/processes.ts';

/** Streams the report in a child Node process that only counts lines and bytes; resolves with its tally. */
export async function readReportInChildProcess(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ lines: number; bytes: number; seconds: number }> {
  const script = `
    const started = performance.now();
    const response = await fetch(process.env.REPORT_URL, {
      method: 'POST', headers: JSON.parse(process.env.REPORT_HEADERS), body: process.env.REPORT_BODY,
    });
    if (response.status !== 200) throw new Error('report answered ' + response.status);
    let lines = 0, bytes = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
    }
    process.stdout.write(JSON.stringify({ lines, bytes, seconds: (performance.now() - started) / 1000 }));`;
  const child = spawn(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], {
    env: {
      ...process.env,
      REPORT_URL: url,
      REPORT_HEADERS: JSON.stringify(headers),
      REPORT_BODY: JSON.stringify(body),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the report reader exited with ${code}`);
  return JSON.parse(output);
}
