/**
 * The import boundaries of ARCHITECTURE.md, checked by `npm run boundaries` (part of `npm test`).
 * Paths are relative to the repository root; a rule names what may NOT be imported.
 */
const COMPOSITION_ROOT = '^src/[^/]+[.]ts$|^src/modules/index[.]ts$|^src/cli/';
/** A module's faces: REST routes, GraphQL resolvers, HTML page routes. */
const FACES = '^src/modules/[^/]+/(rest|graphql|pages)/';

module.exports = {
  forbidden: [
    {
      name: 'platform-knows-no-module',
      comment:
        'platform/ is cross-cutting: it imports no module, no composition root and no generated GraphQL types ' +
        '(they are built from the modules). Modules plug into platform through interfaces platform declares.',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: ['^src/modules/', COMPOSITION_ROOT, '^src/generated/'] },
    },
    {
      name: 'modules-do-not-import-the-composition-root',
      comment: 'A module declares what it needs (its deps interface); the composition root provides it.',
      severity: 'error',
      from: { path: '^src/modules/', pathNot: COMPOSITION_ROOT },
      to: { path: COMPOSITION_ROOT },
    },
    {
      name: 'commands-know-no-face',
      comment:
        'A command is one use case, callable from REST, GraphQL, pages, jobs and tests alike: it imports no ' +
        'HTTP or GraphQL framework, no face and no generated GraphQL type.',
      severity: 'error',
      from: { path: '^src/modules/[^/]+/commands/' },
      to: {
        path: [
          FACES,
          '^src/platform/(http|graphql)/',
          '^src/generated/',
          '(^|/)node_modules/(fastify|@fastify|@apollo|@as-integrations|graphql|graphql-ws|ws)/',
        ],
      },
    },
    {
      name: 'faces-do-not-import-other-modules-faces',
      comment:
        "A face (rest/, graphql/, pages/) calls its own module's commands and presenters; another module's face is " +
        'not its business. Shared representations live beside the module (e.g. orders/order-json.ts).',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/(rest|graphql|pages)/' },
      to: { path: FACES, pathNot: '^src/modules/$1/' },
    },
    {
      name: 'only-repositories-see-the-entity-manager',
      comment:
        'Commands hold an opaque UnitOfWork and build repositories from it; SQL and EntityManager calls live ' +
        'in *.repository.ts (and platform/db, platform/jobs). Entities use MikroORM to define themselves, and ' +
        'platform/module.ts names their type.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: '[.]repository[.]ts$|[.]entity[.]ts$|^src/platform/(db|jobs)/|^src/platform/module[.]ts$',
      },
      to: { path: ['^src/platform/db/repository[.]ts$', '(^|/)node_modules/@mikro-orm/'] },
    },
    {
      name: 'orm-setup-only-in-the-composition-root',
      comment: "Connecting and migrating is the composition root's job; everything else gets `deps.db`.",
      severity: 'error',
      from: { path: '^src/', pathNot: `${COMPOSITION_ROOT}|^src/platform/db/` },
      to: { path: '^src/platform/db/orm[.]ts$' },
    },
    {
      name: 'modules-meet-at-front-doors',
      comment:
        'Another module is reached through its front door, its index.ts (what it lets others use); its other ' +
        'files are its own business, free to change. The composition root may reach into any module.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index[.]ts$'] },
    },
    {
      name: 'a-module-does-not-use-its-own-front-door',
      comment:
        "A module's files import each other directly: through its own index.ts they would go round in a circle.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/$1/index[.]ts$' },
    },
    {
      name: 'no-circular',
      comment:
        'No cycles between files (and so none between modules, which meet only at their front doors): a cycle ' +
        'makes load order matter and two things that must change together. Test files are not cruised.',
      severity: 'error',
      from: { pathNot: '[.]test[.]ts$' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count too: a command that names a Fastify type depends on Fastify.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
