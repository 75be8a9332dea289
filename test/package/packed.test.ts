/**
 * The core as users get it: `npm pack` of the built package, installed from the tarball into an
 * empty folder. Checks what issue 13 promises of it: a lean install (no server packages, no native
 * build), ESM and CJS imports of both entries, a strict TypeScript consumer with skipLibCheck off,
 * and a browser bundle of `solarPositionSpa` alone under 30 kB gzipped. Needs the build (`npm run
 * build`) and the npm registry (luxon, ndarray), so it is not part of `npm test`: `.ci/run` runs it
 * after the build with `npm run test:package`. Timings are printed, never asserted.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
let work = '';
let consumer = '';
let installSeconds = Number.NaN;

function run(cmd: string, args: string[], cwd: string, input?: string): string {
  return execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false' },
  });
}

/** Newest modification time under a folder, ms. */
function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const s = statSync(path);
    t = Math.max(t, s.isDirectory() ? newest(path) : s.mtimeMs);
  }
  return t;
}

/** Every package folder under node_modules (scoped ones included). */
function installedPackages(nodeModules: string): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) for (const sub of readdirSync(join(nodeModules, entry))) names.push(`${entry}/${sub}`);
    else names.push(entry);
  }
  return names.sort();
}

/** Files anywhere under a folder whose name matches. */
function findFiles(dir: string, re: RegExp): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...findFiles(path, re));
    else if (re.test(entry)) found.push(path);
  }
  return found;
}

beforeAll(() => {
  const dist = join(root, 'dist', 'index.js');
  if (!existsSync(dist)) throw new Error('dist/ is missing: run `npm run build` before `npm run test:package`');
  if (newest(join(root, 'src')) > statSync(dist).mtimeMs)
    throw new Error('dist/ is older than src/: run `npm run build` first');
  work = mkdtempSync(join(tmpdir(), 'solarkit-pack-'));
  const tarball = run('npm', ['pack', '--pack-destination', work, '--silent'], root).trim().split('\n').pop()!;
  consumer = join(work, 'consumer');
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }),
  );
  const start = process.hrtime.bigint();
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(work, tarball)], consumer);
  installSeconds = Number(process.hrtime.bigint() - start) / 1e9;
}, 300_000);

afterAll(() => {
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

describe('the packed core, installed from its tarball into an empty folder', () => {
  it('installs lean: the core and its few dependencies, nothing of the server, no native build', () => {
    const nodeModules = join(consumer, 'node_modules');
    const packages = installedPackages(nodeModules);
    console.log(`install: ${installSeconds.toFixed(1)} s, ${packages.length} packages: ${packages.join(', ')}`);
    expect(packages).toContain('solarkit');
    for (const serverOnly of ['fastify', 'better-sqlite3', 'pg', 'geotiff', 'solarkit-server'])
      expect(packages).not.toContain(serverOnly);
    // Native code would be a binding.gyp to compile or a compiled .node addon.
    expect(findFiles(nodeModules, /^binding\.gyp$|\.node$/)).toEqual([]);
    expect(packages.length).toBeLessThanOrEqual(8);
  });

  it('imports both entries as ESM and as CJS', () => {
    const esm = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
      import { sunPosition, simulatePv, defaultWeatherSource } from 'solarkit';
      import { dataDirectories } from 'solarkit/node';
      const y = simulatePv({ latitude: 52.37, longitude: 4.9, capacity: 5, tilt: 35, azimuth: 180 }, { source: defaultWeatherSource(), year: 2023 });
      console.log(sunPosition(new Date('2024-06-21T12:00:00Z'), 52.37, 4.9).zenith.toFixed(1), Math.round(y.energy.specificYield), typeof dataDirectories);
    `,
      ],
      consumer,
    );
    const [zenith, specific, fnType] = esm.trim().split(' ');
    expect(Number(zenith)).toBeCloseTo(29.1, 1);
    expect(Number(specific)).toBeGreaterThan(800);
    expect(fnType).toBe('function');
    const cjs = run(
      process.execPath,
      [
        '-e',
        `
      const s = require('solarkit');
      const n = require('solarkit/node');
      console.log(s.solarPositionSpa({ unixSeconds: Float64Array.of(1718971200), latitude: 52.37, longitude: 4.9 }).zenith[0].toFixed(1), typeof n.dataFilePath);
    `,
      ],
      consumer,
    );
    expect(cjs.trim()).toBe('29.1 function');
  });

  it('declares at most three parameters on every exported function of both entries (Function.length), ESM and CJS', () => {
    // The calling convention (docs/DESIGN.md): inputs, options, out. Function.length counts the
    // parameters before the first one with a default, so it is a floor of the declared count; the
    // declared count itself is checked on the source by test/repository/public-api.test.ts.
    const list = (load: string): string => `${load}
      const wide = [];
      for (const [entry, m] of Object.entries(entries)) for (const [name, v] of Object.entries(m)) {
        if (typeof v === 'function' && !/^class\\b/.test(Function.prototype.toString.call(v)) && v.length > 3) wide.push(entry + ':' + name + '/' + v.length);
      }
      console.log(JSON.stringify(wide));`;
    const esm = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        list(
          "import * as core from 'solarkit'; import * as node from 'solarkit/node'; const entries = { solarkit: core, 'solarkit/node': node };",
        ),
      ],
      consumer,
    );
    const cjs = run(
      process.execPath,
      ['-e', list("const entries = { solarkit: require('solarkit'), 'solarkit/node': require('solarkit/node') };")],
      consumer,
    );
    expect(JSON.parse(esm) as string[]).toEqual([]);
    expect(JSON.parse(cjs) as string[]).toEqual([]);
  });

  it('does not export the known internals from the public entries', () => {
    const internals = [
      'maskOf',
      'columnOf',
      'asColumn',
      'arrayOf',
      'scalarOf',
      'outputColumn',
      'seriesLength',
      'sharesMemory',
      'hash4',
      'hashUniform',
      'hashGaussian',
      'valueNoise',
      'accumulateNoise',
    ];
    const out = run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
      import * as core from 'solarkit'; import * as node from 'solarkit/node';
      console.log(JSON.stringify(${JSON.stringify(internals)}.filter((n) => n in core || n in node)));
    `,
      ],
      consumer,
    );
    expect(JSON.parse(out) as string[]).toEqual([]);
  });

  it('runs simulateFleet on worker threads from the installed package, ESM and CJS, with the same bits', () => {
    const script = (load: string): string => `${load}
      const sites = [0, 1, 2, 3].map((i) => ({ id: 'r' + i, latitude: 52 + i / 100, longitude: 5, capacityKw: 4, tilt: 30, azimuth: 180 }));
      (async () => {
        const out = [];
        for await (const r of simulateFleet(sites, { weather: { type: 'synthetic' }, period: { start: 1717200000, end: 1717372800 }, aggregate: 'annual', threads: 2, batchSize: 1 })) out.push(r.energyKwh);
        console.log(out.join(' '));
      })();`;
    const esm = run(
      process.execPath,
      ['--input-type=module', '-e', script("import { simulateFleet } from 'solarkit/node';")],
      consumer,
    ).trim();
    const cjs = run(
      process.execPath,
      ['-e', script("const { simulateFleet } = require('solarkit/node');")],
      consumer,
    ).trim();
    expect(esm.split(' ')).toHaveLength(4);
    expect(esm.split(' ').every((v) => Number(v) > 0)).toBe(true);
    expect(cjs).toBe(esm);
  });

  it('compiles a strict TypeScript consumer with skipLibCheck off (ESM and CJS resolution, no @types/node)', () => {
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          noEmit: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2022'],
          types: [],
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
        },
        files: ['use.ts', 'use-cjs.cts'],
      }),
    );
    writeFileSync(
      join(consumer, 'use.ts'),
      `
      import { defaultWeatherSource, readWeatherFile, simulatePv, solarPositionSpa, toCsv, typicalYearFor, type ElevationGrid, type PvSystem } from 'solarkit';
      import { dataFilePath, type Environment } from 'solarkit/node';
      const system: PvSystem = { latitude: 52.37, longitude: 4.9, capacity: 5, tracker: { maxAngle: 55 } };
      const year = simulatePv(system, { source: defaultWeatherSource(), year: 2024 });
      // A typical year and a weather file's series are simulatePv's weather as they are (no casts).
      const typicalYear = typicalYearFor({ query: { latitude: 52.37, longitude: 4.9, periodSeconds: 3600, parameters: ['ghi', 'dni', 'dhi', 'airTemp', 'windSpeed'] } });
      export const typicalEnergy: number = simulatePv(system, typicalYear).energy.total;
      declare const text: string;
      export const fileEnergy: number = simulatePv(system, readWeatherFile(text)).energy.total;
      export const airTemp: Float64Array | undefined = typicalYear.columns.airTemp;
      export const csv: string = toCsv(year.columns);
      export const zenith: number | undefined = solarPositionSpa({ unixSeconds: Float64Array.of(1.7e9), latitude: 52, longitude: 4.9 }).zenith[0];
      export const path: (file: string, env?: Environment) => string = dataFilePath;
      export type Grid = ElevationGrid;
    `,
    );
    writeFileSync(
      join(consumer, 'use-cjs.cts'),
      `
      import solarkit = require('solarkit');
      import node = require('solarkit/node');
      export const elevation: number = solarkit.sunPosition(new Date(), 52, 4.9).elevation;
      export const dirs: string[] = node.dataDirectories({});
    `,
    );
    let output = '';
    try {
      output = run(
        process.execPath,
        [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', consumer],
        consumer,
      );
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(output.trim()).toBe('');
  });

  it('bundles solarPositionSpa alone for the browser in under 30 kB gzipped, without luxon or ndarray', () => {
    writeFileSync(
      join(consumer, 'spa.js'),
      `import { solarPositionSpa } from 'solarkit';\nconsole.log(solarPositionSpa({ unixSeconds: Float64Array.of(1.7e9), latitude: 52, longitude: 4.9 }).zenith[0]);\n`,
    );
    run(
      bin('esbuild'),
      [
        'spa.js',
        '--bundle',
        '--minify',
        '--format=esm',
        '--platform=browser',
        '--outfile=spa.bundle.js',
        '--metafile=spa.meta.json',
        '--log-level=error',
      ],
      consumer,
    );
    const bundle = readFileSync(join(consumer, 'spa.bundle.js'));
    const gzipped = gzipSync(bundle, { level: 9 }).length;
    // The modules whose code is in the bundle (esbuild also lists modules it read and dropped).
    const meta = JSON.parse(readFileSync(join(consumer, 'spa.meta.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
    };
    const inputs = Object.values(meta.outputs).flatMap((o) =>
      Object.entries(o.inputs)
        .filter(([, v]) => v.bytesInOutput > 0)
        .map(([k]) => k),
    );
    console.log(
      `bundle of solarPositionSpa: ${(bundle.length / 1024).toFixed(1)} kB minified, ${(gzipped / 1024).toFixed(1)} kB gzipped, ${inputs.length} modules`,
    );
    expect(gzipped).toBeLessThan(30 * 1024);
    expect(inputs.filter((p) => /node_modules\/(luxon|ndarray)\//.test(p))).toEqual([]);
    expect(inputs.some((p) => p.endsWith('solar/spa.js'))).toBe(true);
  });
});
