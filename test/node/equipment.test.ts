import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MissingDataError } from '../../src/node/data-dir.js';
import { readOndFile, readPanFile, readSamLibrary } from '../../src/node/equipment.js';
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

const REFERENCE = JSON.parse(readFileSync(resolve(__dirname, '../../fixtures/reference/equipment.json'), 'utf8')) as {
  cases: Record<string, { params: Record<string, unknown>; expected: Record<string, number[]> }>;
};

describe('readPanFile and readOndFile: the data directory files', () => {
  const pan = optionalPvFile('ET-M772BH550GL.PAN');
  const ond = optionalPvFile('CPS SCH275KTL-DO-US-800-250kW_275kVA_1.OND');

  it.skipIf(pan === undefined)('reads the PAN into the PVsyst parameters of pvlib-checked STC currents', () => {
    const module = readPanFile(pan!);
    const expected = REFERENCE.cases.pan_stc_et_m772bh550gl!.expected;
    expect(module).toMatchObject({
      cellsInSeries: 72,
      gammaRef: 0.98,
      rS: 0.203,
      rShRef: 300,
      rSh0: 2000,
      rShExp: 5.5,
    });
    expect(module.alphaSc).toBeCloseTo(0.00728, 15);
    expect(Math.abs(module.iLRef / expected.i_l_ref![0]! - 1)).toBeLessThan(1e-12);
    expect(Math.abs(module.iORef / expected.i_o_ref![0]! - 1)).toBeLessThan(1e-9);
    expect(module.model).toBe('ET-M772BH550GL');
    expect(module.iamAngles).toHaveLength(9);
  });

  it.skipIf(ond === undefined)(
    "reads the OND (UTF-8 with a BOM) into pvlib's fit_sandia of its curves and its limits",
    () => {
      const inverter = readOndFile(ond!);
      const expected = REFERENCE.cases.fit_sandia_ond_cps_sch275ktl!.expected;
      for (const [name, [value]] of Object.entries(expected)) {
        const got = inverter[name.toLowerCase() as 'paco'];
        expect(Math.abs(got / value! - 1), name).toBeLessThan(1e-9);
      }
      expect(inverter).toMatchObject({ vdcmax: 1500, mpptLow: 500, mpptHigh: 1500, idcmax: 360, vac: 800, pnt: 5 });
      expect(inverter.manufacturer).toBe('ChintPower');
    },
  );

  it.skipIf(pan === undefined || ond === undefined)(
    'refuses a PAN read as an OND and the reverse, naming the file',
    () => {
      expect(() => readOndFile(pan!)).toThrow(EquipmentFileError);
      expect(() => readOndFile(pan!)).toThrow(`${pan}, line 1: not a PVsyst OND (inverter) file`);
      expect(() => readPanFile(ond!)).toThrow(`${ond}, line 1: not a PVsyst PAN (module) file`);
    },
  );

  it('checks its arguments', () => {
    expect(() => readPanFile(undefined as unknown as string)).toThrow(/readPanFile: path must be a file path/);
    expect(() => readOndFile('')).toThrow(TypeError);
  });
});
