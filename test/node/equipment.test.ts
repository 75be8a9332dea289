import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MissingDataError } from '../../src/node/data-dir.js';
import { readSamLibrary } from '../../src/node/equipment.js';
import { EquipmentFileError } from '../../src/pv/library/errors.js';
import { optionalPvFile } from '../support/data.js';

interface KeyFixture {
  file: string;
  rows: number;
  keysSha256: string;
  sample: Record<string, Record<string, number | number[] | null>>;
}
const FIXTURE = JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/pv/sam-library-keys.json'), 'utf8')) as {
  libraries: Record<string, KeyFixture>;
};
const PVLIB_NAMES: Record<string, string> = {
  'sandia-modules': 'SandiaMod',
  'cec-inverters': 'CECInverter',
  'adr-inverters': 'ADRInverter',
};

describe('readSamLibrary: the data directory libraries, against pvlib.pvsystem.retrieve_sam', () => {
  for (const [kind, expected] of Object.entries(FIXTURE.libraries)) {
    const path = optionalPvFile(expected.file);
    if (path === undefined) {
      it.skip(`${kind}: SKIPPED, the data directory has no pv/${expected.file}`, () => {});
      continue;
    }
    it(`${PVLIB_NAMES[kind]} (${expected.file}): pvlib's ${expected.rows} keys, each found by key and by name`, () => {
      const library = readSamLibrary(PVLIB_NAMES[kind]!);
      expect(library.kind).toBe(kind);
      expect(library.fileName).toBe(expected.file);
      expect(library.size).toBe(expected.rows);
      const keys = library.keys();
      expect(createHash('sha256').update(keys.join('\n'), 'utf8').digest('hex')).toBe(expected.keysSha256);
      expect(library.duplicateKeys).toEqual([]);
      for (const entry of library.entries()) {
        expect(library.get(entry.key)).toBe(entry);
        expect(library.get(entry.name)).toBe(entry);
      }
      for (const [key, values] of Object.entries(expected.sample)) {
        const entry = library.get(key);
        for (const [field, value] of Object.entries(values)) {
          const cell = entry.fields[field];
          if (value === null) expect(cell, `${key} ${field}`).toBeNaN();
          else expect(cell, `${key} ${field}`).toEqual(value);
        }
      }
    });
  }

  const sandia = optionalPvFile('sam-library-sandia-modules-2015-6-30.csv');
  it.skipIf(sandia === undefined)('takes any case of pvlib names, solarkit kinds and a path alike', () => {
    const byName = readSamLibrary('sandiamod').get('Canadian Solar CS5P-220M [ 2009]');
    expect(readSamLibrary('sandia-modules').get('Canadian_Solar_CS5P_220M___2009_')).toEqual(byName);
    expect(readSamLibrary(sandia!).get('Canadian_Solar_CS5P_220M___2009_')).toEqual({ ...byName });
    expect(byName).toMatchObject({ isco: 5.09115, voco: 59.2608, cellsInSeries: 96, c0: 1.01284, b5: -1.36e-9 });
    const inverters = readSamLibrary('SandiaInverter');
    expect(inverters.kind).toBe('cec-inverters');
    expect(() => readSamLibrary('SandiaInverter', { kind: 'adr-inverters' })).toThrow(
      /readSamLibrary: 'SandiaInverter' is the cec-inverters library, but options.kind is 'adr-inverters'/,
    );
  });
});

describe('readSamLibrary: the CEC module library', () => {
  it('says where to get it and how to pass its path when the data directory has none', () => {
    const empty = mkdtempSync(join(tmpdir(), 'solarkit-no-cec-'));
    let error: unknown;
    try {
      readSamLibrary('CECMod', { env: { SOLARKIT_DATA_DIR: empty } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MissingDataError);
    const message = (error as Error).message;
    expect(message).toContain("readSamLibrary('CECMod'): the CEC module library");
    expect(message).toContain('https://github.com/NatLabRockies/SAM/tree/develop/deploy/libraries');
    expect(message).toContain("readSamLibrary('/path/to/CEC Modules.csv')");
    expect(message).toContain(empty);
  });

  it("reads a user's copy by path (the synthetic library of fixtures/pv)", () => {
    const path = resolve(__dirname, '../../fixtures/pv/cec-modules-synthetic.csv');
    const library = readSamLibrary(path, { kind: 'cec-modules' });
    expect(library.size).toBe(4);
    expect(library.get('SunPower_SPR_E20_327')).toMatchObject({ iLRef: 6.468, iORef: 1.88e-10, adjust: -0.1862 });
    expect(readSamLibrary(path).kind).toBe('cec-modules');
  });
});

describe('readSamLibrary: wrong files', () => {
  const spectra = optionalPvFile('ASTMG173.csv');
  it.skipIf(spectra === undefined)('refuses a CSV that is not a SAM library, naming the file', () => {
    expect(() => readSamLibrary(spectra!)).toThrow(EquipmentFileError);
    expect(() => readSamLibrary(spectra!)).toThrow(`${spectra}, line 1: not a SAM library CSV`);
  });
  const inverters = optionalPvFile('sam-library-cec-inverters-2019-03-05.csv');
  it.skipIf(inverters === undefined)('refuses an inverter library read as modules', () => {
    expect(() => readSamLibrary(inverters!, { kind: 'sandia-modules' })).toThrow(
      `${inverters}, line 1: not a SAM Sandia module library (SandiaMod): it has no column 'Isco'`,
    );
  });
  it('passes on the file system error of a missing path', () => {
    expect(() => readSamLibrary('/no/such/library.csv')).toThrow(/ENOENT/);
  });
  it('checks its arguments', () => {
    expect(() => readSamLibrary('' as string)).toThrow(TypeError);
  });
});
