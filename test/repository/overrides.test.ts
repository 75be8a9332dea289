/**
 * The root package.json's `overrides` shape only this repository's install: npm does not apply a
 * dependency's overrides to the projects that install it. So every override of a package that
 * ships to users (not a devDependency's) must also be a dependency constraint of the published
 * package that pulls it in, or users get another version: the override of light-my-request
 * (6.6.0, whose cookie@1 runs on Node 20) did not reach installs of solarkit-server, which got
 * light-my-request 6.8 with cookie@2 (`EBADENGINE`, Node >= 22).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

describe('overrides reach the installs of the published packages', () => {
  it('every override of a runtime package is a dependency of the core or the server with that version', () => {
    const manifest = read('package.json') as {
      overrides?: Record<string, string>;
      dependencies?: Record<string, string>;
    };
    const server = read('packages/server/package.json') as { dependencies: Record<string, string> };
    const lock = read('package-lock.json') as { packages: Record<string, { dev?: boolean }> };
    const runtime = Object.entries(manifest.overrides ?? {}).filter(
      ([name]) => lock.packages[`node_modules/${name}`]?.dev !== true,
    );
    expect(runtime.map(([name]) => name)).toContain('light-my-request');
    for (const [name, version] of runtime) {
      const spec = server.dependencies[name] ?? manifest.dependencies?.[name];
      expect(spec, `${name} is overridden to ${version}; users get it only as a dependency`).toBeDefined();
      // An exact version, or a ~ or ^ range from it.
      expect(spec!.replace(/^[~^=]/, ''), name).toBe(version);
    }
  });
});
