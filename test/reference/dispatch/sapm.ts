/**
 * Reference handlers for the cases of sapm.json (scripts/pvlib/sapm_inverters.py): the SAPM
 * (`sapm_*`), its effective irradiance (`sapm_effective_irradiance_*`), spectral factor
 * (`spectral_factor_sapm_*`) and IAM (`iam_sapm_*`). Every parameter is read from the case, by
 * pvlib's name (`Isco`, `A0`, `B0`, `FD`, ...), with pvlib's defaults where pvlib has them.
 */
import { iamSapm } from '../../../src/irradiance/iam.js';
import { sapm, sapmEffectiveIrradiance, sapmSpectralLoss } from '../../../src/pv/sapm.js';
import { inputColumn, param } from '../runner.js';
import { type CaseHandler, type ReferenceCase, TOLERANCE } from '../schema.js';

const isSapmFile = (stem: string): boolean => stem.startsWith('sapm');

/** A required parameter, NaN when absent (the core then names it in its error). */
const req = (c: ReferenceCase, name: string): number => param(c, name, Number.NaN);

const spectral = (c: ReferenceCase) => ({
  a0: req(c, 'A0'),
  a1: req(c, 'A1'),
  a2: req(c, 'A2'),
  a3: req(c, 'A3'),
  a4: req(c, 'A4'),
});

const iamCoefficients = (c: ReferenceCase) => ({
  b0: req(c, 'B0'),
  b1: req(c, 'B1'),
  b2: req(c, 'B2'),
  b3: req(c, 'B3'),
  b4: req(c, 'B4'),
  b5: req(c, 'B5'),
});

/** pvlib.pvsystem.sapm with the case's module (its 22 I-V parameters) and reference conditions. */
const sapmHandler: CaseHandler = {
  variant: 'sapm',
  matches: (stem, name) => isSapmFile(stem) && name.startsWith('sapm_') && !name.startsWith('sapm_effective'),
  run: (c) => {
    const module = {
      isco: req(c, 'Isco'),
      impo: req(c, 'Impo'),
      voco: req(c, 'Voco'),
      vmpo: req(c, 'Vmpo'),
      aisc: req(c, 'Aisc'),
      aimp: req(c, 'Aimp'),
      bvoco: req(c, 'Bvoco'),
      mbvoc: req(c, 'Mbvoc'),
      bvmpo: req(c, 'Bvmpo'),
      mbvmp: req(c, 'Mbvmp'),
      n: req(c, 'N'),
      cellsInSeries: req(c, 'Cells_in_Series'),
      ixo: req(c, 'IXO'),
      ixxo: req(c, 'IXXO'),
      c0: req(c, 'C0'),
      c1: req(c, 'C1'),
      c2: req(c, 'C2'),
      c3: req(c, 'C3'),
      c4: req(c, 'C4'),
      c5: req(c, 'C5'),
      c6: req(c, 'C6'),
      c7: req(c, 'C7'),
      // sapm reads neither the spectral nor the IAM coefficients nor FD.
      ...spectral(c),
      ...iamCoefficients(c),
      fd: 1,
      temperatureRef: param(c, 'temperature_ref', 25),
      irradianceRef: param(c, 'irradiance_ref', 1000),
    };
    for (const k of ['a0', 'a1', 'a2', 'a3', 'a4', 'b0', 'b1', 'b2', 'b3', 'b4', 'b5'] as const) {
      if (Number.isNaN(module[k])) module[k] = 0;
    }
    const r = sapm(
      { effectiveIrradiance: inputColumn(c, 'effective_irradiance'), tempCell: inputColumn(c, 'temp_cell') },
      module,
    );
    return { i_sc: r.iSc, i_mp: r.iMp, v_oc: r.vOc, v_mp: r.vMp, p_mp: r.pMp, i_x: r.iX, i_xx: r.iXx };
  },
  defaultTolerance: TOLERANCE.value,
  deviation:
    'v_oc, v_mp and p_mp are 0 where the effective irradiance is <= 0 (pvlib: NaN from a log of a negative ' +
    'irradiance, or -inf + inf in v_mp); the fixture applies it where its params say dark_voltage=zero',
};

/** pvlib.spectrum.spectral_factor_sapm. */
const spectralHandler: CaseHandler = {
  variant: 'spectral_factor_sapm',
  matches: (stem, name) => isSapmFile(stem) && name.startsWith('spectral_factor_sapm'),
  run: (c) => ({ spectral_factor: sapmSpectralLoss(inputColumn(c, 'airmass_absolute'), spectral(c)) }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.iam.sapm with the case's `upper` (none by default). */
const iamHandler: CaseHandler = {
  variant: 'iam_sapm',
  matches: (stem, name) => isSapmFile(stem) && name.startsWith('iam_sapm'),
  run: (c) => {
    const upper = param<number | undefined>(c, 'upper', undefined);
    return {
      iam: iamSapm(inputColumn(c, 'aoi'), { ...iamCoefficients(c), ...(upper !== undefined ? { upper } : {}) }),
    };
  },
  defaultTolerance: TOLERANCE.value,
  deviation:
    'an aoi above 90 degrees gives 0 (pvlib evaluates the polynomial there); the fixture applies it where its ' +
    'params say behind=zero',
};

/** pvlib.pvsystem.sapm_effective_irradiance. */
const effectiveHandler: CaseHandler = {
  variant: 'sapm_effective_irradiance',
  matches: (stem, name) => isSapmFile(stem) && name.startsWith('sapm_effective_irradiance'),
  run: (c) => ({
    effective_irradiance: sapmEffectiveIrradiance(
      {
        poaDirect: inputColumn(c, 'poa_direct'),
        poaDiffuse: inputColumn(c, 'poa_diffuse'),
        airmassAbsolute: inputColumn(c, 'airmass_absolute'),
        aoi: inputColumn(c, 'aoi'),
      },
      { ...spectral(c), ...iamCoefficients(c), fd: req(c, 'FD') },
    ),
  }),
  defaultTolerance: TOLERANCE.value,
};

export const handlers: CaseHandler[] = [sapmHandler, spectralHandler, iamHandler, effectiveHandler];
