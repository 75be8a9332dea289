// The server package depends on the core by path inside the repository ("file:../..", so npm
// links the workspace to the root package) and by version once packed: `npm pack`/`npm publish`
// of packages/server run `pin` before packing and `link` after, so the tarball's manifest names
// the core's released version (^x.y.z) and the repository keeps the link.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifestPath = join(root, 'packages', 'server', 'package.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const coreVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
const mode = process.argv[2];
if (mode !== 'pin' && mode !== 'link') {
  process.stderr.write('usage: core-dependency.mjs pin|link\n');
  process.exit(2);
}
manifest.dependencies.solarkit = mode === 'pin' ? `^${coreVersion}` : 'file:../..';
writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
