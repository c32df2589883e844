import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Rows are built by their entity's static factories (`Order.createPayment`, `VaultCard.create`, …), so a new
 * column has one place to be filled in. Outside `*.entity.ts`, no code builds an entity by assigning fields onto
 * a bare `new X()`.
 */
const BARE_BUILD = /Object\.assign\(\s*new\s+[A-Z]\w*\(\s*\)/;

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('rows', () => {
  it('are built only by entity factories: no `Object.assign(new X(), …)` outside *.entity.ts', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles('src')) {
      if (file.endsWith('.entity.ts')) continue;
      if (BARE_BUILD.test(await readFile(file, 'utf8'))) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });

  it('are recognised by the check (a bare build is caught, an error with a message is not)', () => {
    expect(BARE_BUILD.test('const order = Object.assign(new Order(), read.order);')).toBe(true);
    expect(BARE_BUILD.test("Object.assign(new Error('refused'), { code: 'x' })")).toBe(false);
  });
});
