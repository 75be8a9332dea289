import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const core = join(here, '../../src/terrain');

describe('src/terrain layering', () => {
  it('imports no Node built-ins and no package that pulls them in (geotiff stays on the Node side)', () => {
    const files = readdirSync(core).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const text = readFileSync(join(core, f), 'utf8');
      const imports = [...text.matchAll(/^\s*import\s+(?!type\b)[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
      for (const spec of imports) {
        expect(spec.startsWith('.') || spec === 'ndarray', `${f} imports ${spec}`).toBe(true);
      }
    }
  });
});
