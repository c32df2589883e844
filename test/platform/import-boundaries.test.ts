import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

/** The rules `npm run boundaries` checks src/ with. */
const config = createRequire(path.resolve('package.json'))('./.dependency-cruiser.cjs') as {
  forbidden: IForbiddenRuleType[];
};

/**
 * Cruises a small tree laid out like src/ (file -> source) and lists each violation as `rule: from -> to` (a
 * package by its name).
 */
async function violationsIn(files: Record<string, string>): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'boundaries-'));
  try {
    await symlink(path.resolve('node_modules'), path.join(dir, 'node_modules'));
    for (const [file, source] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), source);
    }
    const { output } = await cruise(['src'], {
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
    });
    return (output as ICruiseResult).summary.violations.map(
      (violation) =>
        `${violation.rule.name}: ${violation.from} -> ${violation.to.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1')}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const exporting = (name: string) => `export const ${name} = 1;\n`;

describe('the import boundaries', () => {
  it('refuse platform code that imports a module, and accept modules that import platform code', async () => {
    const violations = await violationsIn({
      'src/platform/deps.ts': exporting('deps'),
      'src/platform/graphql/context.ts': `import { order } from '../../modules/orders/order.ts';\nexport const c = order;\n`,
      'src/modules/orders/order.ts': `import { deps } from '../../platform/deps.ts';\nexport const order = deps;\n`,
    });
    expect(violations).toEqual([
      'platform-knows-no-module: src/platform/graphql/context.ts -> src/modules/orders/order.ts',
    ]);
  });

  it('refuse a command that imports Fastify, Apollo, graphql, a face, or the EntityManager', async () => {
    const violations = await violationsIn({
      'src/platform/db/repository.ts': exporting('Repository'),
      'src/modules/orders/rest/order-routes.ts': exporting('routes'),
      'src/modules/orders/commands/create-order.ts': [
        `import type { FastifyRequest } from 'fastify';`,
        `import type { ApolloServer } from '@apollo/server';`,
        `import { GraphQLError } from 'graphql';`,
        `import { routes } from '../rest/order-routes.ts';`,
        `import { Repository } from '../../../platform/db/repository.ts';`,
        'export type T = [FastifyRequest, ApolloServer];',
        'export const all = [GraphQLError, routes, Repository];',
        '',
      ].join('\n'),
    });
    expect(violations.sort()).toEqual(
      [
        'commands-know-no-face: src/modules/orders/commands/create-order.ts -> @apollo/server',
        'commands-know-no-face: src/modules/orders/commands/create-order.ts -> fastify',
        'commands-know-no-face: src/modules/orders/commands/create-order.ts -> graphql',
        'commands-know-no-face: src/modules/orders/commands/create-order.ts -> src/modules/orders/rest/order-routes.ts',
        'only-repositories-see-the-entity-manager: src/modules/orders/commands/create-order.ts -> src/platform/db/repository.ts',
      ].sort(),
    );
  });

  it("refuse a face that imports another module's face, not one of its own module", async () => {
    const violations = await violationsIn({
      'src/modules/orders/rest/order-json.ts': exporting('json'),
      'src/modules/orders/rest/order-routes.ts': `import { json } from './order-json.ts';\nexport const r = json;\n`,
      'src/modules/payments/graphql/payment-resolvers.ts': `import { json } from '../../orders/rest/order-json.ts';\nexport const p = json;\n`,
    });
    expect(violations.sort()).toEqual([
      'faces-do-not-import-other-modules-faces: src/modules/payments/graphql/payment-resolvers.ts -> src/modules/orders/rest/order-json.ts',
      'modules-meet-at-front-doors: src/modules/payments/graphql/payment-resolvers.ts -> src/modules/orders/rest/order-json.ts',
    ]);
  });

  it('refuse a module that imports the composition root', async () => {
    const violations = await violationsIn({
      'src/services.ts': exporting('services'),
      'src/modules/orders/module.ts': `import { services } from '../../services.ts';\nexport const m = services;\n`,
    });
    expect(violations).toEqual([
      'modules-do-not-import-the-composition-root: src/modules/orders/module.ts -> src/services.ts',
    ]);
  });

  it("refuse an import of another module's file other than its front door, and a module's use of its own", async () => {
    const violations = await violationsIn({
      'src/modules/orders/order.ts': exporting('order'),
      'src/modules/orders/index.ts': `export { order } from './order.ts';\n`,
      'src/modules/orders/order-json.ts': `import { order } from './index.ts';\nexport const json = order;\n`,
      'src/modules/payments/card.ts': `import { order } from '../orders/index.ts';\nexport const card = order;\n`,
      'src/modules/payments/capture.ts': `import { order } from '../orders/order.ts';\nexport const capture = order;\n`,
    });
    expect(violations.sort()).toEqual([
      'a-module-does-not-use-its-own-front-door: src/modules/orders/order-json.ts -> src/modules/orders/index.ts',
      'modules-meet-at-front-doors: src/modules/payments/capture.ts -> src/modules/orders/order.ts',
    ]);
  });

  it('refuse files that import each other, however far round', async () => {
    const violations = await violationsIn({
      'src/modules/orders/a.ts': `import { c } from './c.ts';\nexport const a = c;\n`,
      'src/modules/orders/b.ts': `import { a } from './a.ts';\nexport const b = a;\n`,
      'src/modules/orders/c.ts': `import type { b } from './b.ts';\nexport const c = 1 as unknown as typeof b;\n`,
    });
    // The cycle is reported once, at the first file found on it.
    expect(violations).toEqual(['no-circular: src/modules/orders/a.ts -> src/modules/orders/c.ts']);
  });
});

/** The modules each module imports (through their front doors), read from src/modules. */
async function moduleImports(): Promise<Map<string, Set<string>>> {
  const graph = new Map<string, Set<string>>();
  const entries = await readdir('src/modules', { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const from = file.split(path.sep)[2]!;
    if (!file.includes(path.sep, 'src/modules/'.length)) continue;
    const source = await readFile(file, 'utf8');
    for (const [, specifier] of source.matchAll(/from '(\.[^']+)'/g)) {
      const target = path.normalize(path.join(path.dirname(file), specifier!)).split(path.sep);
      if (target[0] !== 'src' || target[1] !== 'modules' || target.length < 4 || target[2] === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(target[2]!);
    }
  }
  return graph;
}

describe('the modules', () => {
  it('import each other without going round in a circle (each stands on the ones below it)', async () => {
    const graph = await moduleImports();
    const cycles: string[] = [];
    const reach = (start: string, at: string, seen: Set<string>): void => {
      for (const next of graph.get(at) ?? []) {
        if (next === start) cycles.push(`${start} -> ${at} -> ${start}`);
        else if (!seen.has(next)) reach(start, next, seen.add(next));
      }
    };
    for (const module of graph.keys()) reach(module, module, new Set());
    expect(cycles).toEqual([]);
    expect(graph.get('payments')).toContain('orders');
  });
});
