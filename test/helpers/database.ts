import { randomBytes } from 'node:crypto';
import pg from 'pg';

const TEMPLATE_DATABASE = 'gateway_template';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_ADMIN_URL;
  if (!url) throw new Error('TEST_DATABASE_ADMIN_URL is not set: run the tests through jest (globalSetup)');
  return url;
}

/** A fresh, migrated database of its own for one test file, cloned from the template. */
export async function createTestDatabase(): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one SQL statement against a test database (for assertions on what was, or was not, written). */
export async function sql<T extends Record<string, unknown> = Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}
