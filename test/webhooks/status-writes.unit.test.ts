import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A webhook and a subscription event exist only for changes written to the outbox, and only the
 * status-change service writes there in the same transaction as the status. So no other code may write a
 * status: not by assigning it, not by SQL.
 */
const STATUS_SERVICE = path.join('src', 'modules', 'orders', 'status-changes.ts');
/** An assignment in code (looked for outside template literals: `o.status = 'completed'` there is SQL reading). */
const ASSIGNMENT = /\.status\s*=(?!=)/;
/** A write in SQL or through the ORM's update. */
const OTHER_WRITES = [/\bset\s+status\s*=/i, /nativeUpdate\([^)]*\bstatus\s*:/s];

function writesStatus(source: string): boolean {
  const code = source.replace(/`[^`]*`/g, '``');
  return ASSIGNMENT.test(code) || OTHER_WRITES.some((pattern) => pattern.test(source));
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('status writes', () => {
  it('happen only in the status-change service, which writes the outbox in the same transaction', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles('src')) {
      if (file === STATUS_SERVICE || file.startsWith(path.join('src', 'generated'))) continue;
      const text = await readFile(file, 'utf8');
      if (writesStatus(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });

  it('are recognised by the check (it would catch an assignment or an SQL update)', () => {
    expect(writesStatus('order.status = "completed";')).toBe(true);
    expect(writesStatus("update orders set status = 'completed'")).toBe(true);
    expect(writesStatus("sql(`update orders set status = 'completed'`)")).toBe(true);
    expect(writesStatus('if (order.status === "new")')).toBe(false);
    expect(writesStatus("sql(`select count(*) filter (where o.status = 'completed') from orders o`)")).toBe(
      false,
    );
  });
});
