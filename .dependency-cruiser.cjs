/**
 * The dependency rule of the repository (docs/DESIGN.md, "Dependencies"), checked by
 * dependency-cruiser over the core (src/) and the server package (packages/server/src/):
 * `npm run lint`, and in `npm test` by test/repository/dependencies.test.ts, which also proves on
 * small fixtures that every rule here can fail.
 *
 * Paths are relative to the repository root. Type-only imports count (`tsPreCompilationDeps`):
 * a cycle closed by `import type` still marks a declaration in the wrong module. The server
 * imports the core by its package name; tsconfig.json's paths resolve `solarkit` and
 * `solarkit/node` to src/index.ts and src/node/index.ts, so those edges are seen too.
 */
/** The core: src/ except the Node adapters of src/node. */
const CORE = '^src/(?!node/)';
const SERVER = '^packages/server/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type-only imports included: move the shared declaration to a module both can import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-no-node-builtins',
      severity: 'error',
      comment: 'The core runs in browsers and workers: no Node built-ins outside src/node.',
      from: { path: CORE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-only-its-packages',
      severity: 'error',
      comment: 'The core depends on luxon and ndarray only (geotiff is read by src/node).',
      from: { path: CORE },
      to: {
        dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'unknown', 'undetermined'],
        pathNot: 'node_modules/(@types/)?(luxon|ndarray)/',
      },
    },
    {
      name: 'core-not-to-node-adapters',
      severity: 'error',
      comment: 'Model folders never import src/node (it reads files; the core reads none).',
      from: { path: CORE },
      to: { path: '^src/node/' },
    },
    {
      name: 'core-not-to-server',
      severity: 'error',
      comment: 'Nothing in the core package imports the server package.',
      from: { path: '^src/' },
      to: { path: '^packages/' },
    },
    {
      name: 'server-through-core-entries',
      severity: 'error',
      comment: "The server uses the core only through its entries, 'solarkit', 'solarkit/node' and 'solarkit/internal'.",
      from: { path: SERVER },
      to: { path: '^src/', pathNot: '^src/(index|internal|node/index)\\.ts$' },
    },
    {
      name: 'products-only-core',
      severity: 'error',
      comment: 'The API products use the core and each other, nothing of the HTTP front-end.',
      from: { path: `${SERVER}products/` },
      to: { path: SERVER, pathNot: `${SERVER}products/` },
    },
    {
      name: 'routes-independent',
      severity: 'error',
      comment: 'A route file registers its own family and imports shared modules, never another route file.',
      from: { path: `${SERVER}routes/` },
      to: { path: `${SERVER}routes/` },
    },
    {
      name: 'storage-below-http',
      severity: 'error',
      comment: 'Storage knows nothing of requests: no http/, endpoints/, routes/, fields/, context or app.',
      from: { path: `${SERVER}storage/` },
      to: { path: `${SERVER}(http|endpoints|routes|fields)/|${SERVER}(context|app)\\.ts$` },
    },
    {
      name: 'app-is-the-root',
      severity: 'error',
      comment: 'app.ts builds the server from everything else; only the command line and the package entry import it.',
      from: { path: SERVER, pathNot: `${SERVER}(cli/|index\\.ts$)` },
      to: { path: `${SERVER}app\\.ts$` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
    },
  },
};
