/**
 * Build step: copies the data files solarkit reads (DATA_FILES of src/node/data-dir.ts) from the
 * data directory into dist/data, with the README of each folder (provenance and attribution, which
 * must ship with the data). An installed package then finds them without ../shared. dist/ is a
 * build output and never committed: the data of other projects stays out of the repository.
 *
 * Run by `npm run build` after tsup; fails, naming what is missing, when the data directory does
 * not hold a file.
 */
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA_FILES, dataFilePath } from '../src/node/data-dir.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'dist', 'data');
const folders = new Set<string>();
let bytes = 0;
for (const { path } of DATA_FILES) {
  const from = dataFilePath(path);
  const to = join(target, ...path.split('/'));
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  folders.add(dirname(from) + '|' + dirname(to));
  bytes += statSync(to).size;
}
for (const pair of folders) {
  const [from, to] = pair.split('|') as [string, string];
  if (existsSync(join(from, 'README.md'))) copyFileSync(join(from, 'README.md'), join(to, 'README.md'));
}
process.stdout.write(`data: ${DATA_FILES.length} files (${(bytes / 1e6).toFixed(1)} MB) packed into ${target}\n`);
