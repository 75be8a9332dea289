/**
 * The README is the npm page of the package: each of its relative links must name a file the
 * package ships (package.json `files`, as `npm pack` lists it), so that it resolves in the
 * installed package as in the clone; links to files outside the package would be dead there.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(__dirname, '../..');

it('every relative link of README.md is a file of the packed package', () => {
  const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
  const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#'))
    .map((t) => t.replace(/#.*$/, ''));
  expect(targets.length).toBeGreaterThan(5);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  ) as { files: { path: string }[] }[];
  const files = new Set(packed[0]!.files.map((f) => f.path));
  expect(targets.filter((t) => !files.has(t))).toEqual([]);
});
