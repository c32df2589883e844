import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { BACK_OFFICE_ERRORS } from '../../src/modules/back-office/errors.ts';
import { IDENTITY_ERRORS } from '../../src/modules/identity/errors.ts';
import { ORDER_ERRORS } from '../../src/modules/orders/errors.ts';
import { PAYMENT_LINK_ERRORS } from '../../src/modules/payment-links/errors.ts';
import { PAYMENT_ERRORS } from '../../src/modules/payments/errors.ts';
import { SEARCH_QUERY_ERRORS } from '../../src/modules/search/errors.ts';
import { WALLET_TOKEN_ERRORS } from '../../src/modules/wallets/crypto/errors.ts';
import { WALLET_ERRORS } from '../../src/modules/wallets/errors.ts';
import { WEBHOOK_ERRORS } from '../../src/modules/webhooks/errors.ts';
import { COMMON_ERRORS, type ErrorTable, errorsOf } from '../../src/platform/errors/error-table.ts';
import { HTTP_STATUS_BY_KIND } from '../../src/platform/errors/http-status.ts';
import { IDEMPOTENCY_ERRORS } from '../../src/platform/errors/idempotency-errors.ts';

/**
 * Error codes are typed tables (code → kind), one per module, and every error and REST contract entry is built
 * from them. The compiler holds a code's uses to its table; these tests hold what it cannot: a code is written
 * (quoted) only in its table's file, no two tables claim one code, and every error the OpenAPI document lists
 * has a code of a table with the status its kind gives.
 */

/** Each table and the file that defines it (WALLET_ERRORS takes the token codes of wallets/crypto/errors.ts). */
const TABLES: readonly { file: string; table: ErrorTable; own?: ErrorTable }[] = [
  { file: 'src/modules/back-office/errors.ts', table: BACK_OFFICE_ERRORS },
  { file: 'src/modules/identity/errors.ts', table: IDENTITY_ERRORS },
  { file: 'src/modules/orders/errors.ts', table: ORDER_ERRORS },
  { file: 'src/modules/payment-links/errors.ts', table: PAYMENT_LINK_ERRORS },
  { file: 'src/modules/payments/errors.ts', table: PAYMENT_ERRORS },
  { file: 'src/modules/search/errors.ts', table: SEARCH_QUERY_ERRORS },
  { file: 'src/modules/wallets/crypto/errors.ts', table: WALLET_TOKEN_ERRORS },
  {
    file: 'src/modules/wallets/errors.ts',
    table: WALLET_ERRORS,
    own: Object.fromEntries(Object.entries(WALLET_ERRORS).filter(([code]) => !(code in WALLET_TOKEN_ERRORS))),
  },
  { file: 'src/modules/webhooks/errors.ts', table: WEBHOOK_ERRORS },
  { file: 'src/platform/errors/idempotency-errors.ts', table: IDEMPOTENCY_ERRORS },
];

/**
 * Quoted elsewhere for another meaning: field problem codes (platform/errors/field-problem.ts) that two search
 * codes share by name.
 */
const SHARED_NAMES: Readonly<Record<string, readonly string[]>> = {
  unknown_field: [
    'src/platform/errors/field-problem.ts',
    'src/platform/errors/zod.ts',
    'src/platform/openapi/common-errors.ts',
  ],
  invalid_value: [
    'src/platform/errors/field-problem.ts',
    'src/platform/errors/zod.ts',
    'src/platform/validation/json.ts',
  ],
};

/** The codes the HTTP layer answers itself, before any module's code runs (no DomainError kind has 413, 415). */
const HTTP_LAYER_CODES: Readonly<Record<string, number>> = {
  malformed_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
};

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.startsWith(path.join('src', 'generated')));
}

/** Every error example of the OpenAPI document: its status and `type`. */
function documentedErrors(document: unknown): { status: number; type: string }[] {
  const found: { status: number; type: string }[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const error = (node as { error?: { status?: unknown; type?: unknown } }).error;
      if (error && typeof error.status === 'number' && typeof error.type === 'string') {
        found.push({ status: error.status, type: error.type });
      }
      Object.values(node).forEach(walk);
    }
  };
  walk(document);
  return found;
}

describe('the error tables', () => {
  it('write each code once: quoted only in the file of its table', async () => {
    const files = await sourceFiles('src');
    const texts = new Map(await Promise.all(files.map(async (f) => [f, await readFile(f, 'utf8')] as const)));
    const strays: string[] = [];
    for (const { file, table, own } of TABLES) {
      for (const code of Object.keys(own ?? table)) {
        const allowed = new Set([file, ...(SHARED_NAMES[code] ?? [])]);
        for (const [other, text] of texts) {
          if (allowed.has(other)) continue;
          if (text.includes(`'${code}'`) || text.includes(`"${code}"`)) strays.push(`${code} in ${other}`);
        }
      }
    }
    expect(strays).toEqual([]);
  });

  it('claim no code twice, and no code of the common table', () => {
    const owners = new Map<string, string>();
    const twice: string[] = [];
    for (const { file, table, own } of TABLES) {
      for (const code of Object.keys(own ?? table)) {
        if (code in COMMON_ERRORS || owners.has(code)) twice.push(`${code}: ${owners.get(code)} and ${file}`);
        owners.set(code, file);
      }
    }
    expect(twice).toEqual([]);
  });

  it("give every error the OpenAPI document lists a table's code, with the status of its kind", async () => {
    const document = JSON.parse(await readFile('src/generated/openapi.json', 'utf8'));
    const kinds = new Map<string, string>(Object.entries(COMMON_ERRORS));
    for (const { table } of TABLES) for (const [code, kind] of Object.entries(table)) kinds.set(code, kind);
    const listed = documentedErrors(document);
    const wrong = listed
      .filter(({ status, type }) => {
        const kind = kinds.get(type) as keyof typeof HTTP_STATUS_BY_KIND | undefined;
        return (kind ? HTTP_STATUS_BY_KIND[kind] : HTTP_LAYER_CODES[type]) !== status;
      })
      .map(({ status, type }) => `${status} ${type}`);
    expect(listed.map(({ type }) => type)).toEqual(
      expect.arrayContaining(['order_not_paid', 'setup_token_used']),
    );
    expect([...new Set(wrong)]).toEqual([]);
  });

  it('build an error and its contract entry from a code, with the status of its kind', () => {
    const table = { order_final: 'conflict' } as const;
    const built = errorsOf(table);
    const error = built.error(built.code.order_final, "order_final: The order is 'completed'", 'order_final');
    expect({ kind: error.kind, code: error.code, field: error.field }).toEqual({
      kind: 'conflict',
      code: 'order_final',
      field: 'order_final',
    });
    expect(built.entries.order_final('The order is final', 'An example')).toEqual({
      status: 409,
      type: 'order_final',
      when: 'The order is final',
      value: 'An example',
    });
  });
});
