/**
 * Reference handlers for the cell temperature models of temperature.json (and of any file of the
 * schema whose stem starts with "temperature" or "pv_power"): Ross, NOCT (SAM) and Fuentes. Each
 * handler reads every parameter pvlib's function takes, by pvlib's name, with pvlib's default when
 * the case leaves it out, so other parameter sets (a held-out file made the same way) run as they
 * are: nothing here depends on the case names' numbers.
 *
 * - `ross*`: params `noct` or `k`; inputs poa_global, temp_air.
 * - `noct_sam*`: params noct, module_efficiency, transmittance_absorptance (0.9), array_height (1),
 *   mount_standoff (4); inputs poa_global, temp_air, wind_speed, optional effective_irradiance
 *   (an input column or a param).
 * - `fuentes*`: params noct_installed, module_height (5), wind_height (9.144), emissivity (0.84),
 *   absorption (0.83), surface_tilt (30), module_width (0.31579), module_length (1.2); inputs
 *   unix_s, poa_global, temp_air, wind_speed.
 */
import { fuentesCellTemperature, noctSamCellTemperature, rossCellTemperature } from '../../../src/power/index.js';
import { inputColumn, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ReferenceCase } from '../schema.js';

const isTemperatureFile = (fileStem: string): boolean =>
  fileStem.startsWith('temperature') || fileStem.startsWith('pv_power');

/** A column that may come as an input column or as a scalar param; undefined when neither. */
function columnOrParam(refCase: ReferenceCase, name: string): Float64Array | number | undefined {
  if (name in refCase.inputs) return inputColumn(refCase, name);
  return param<number | undefined>(refCase, name, undefined);
}

/** A required numeric param, with an error naming it (a MISSING-like ERROR line, not a silent NaN). */
function required(refCase: ReferenceCase, name: string): number {
  const v = param<number | undefined>(refCase, name, undefined);
  if (typeof v !== 'number') throw new Error(`param '${name}' is missing`);
  return v;
}

/** pvlib.temperature.ross (noct or k). */
const rossHandler: CaseHandler = {
  variant: 'ross',
  matches: (stem, name) => isTemperatureFile(stem) && name.startsWith('ross'),
  run: (c) => {
    const k = param<number | undefined>(c, 'k', undefined);
    const parameters = k !== undefined ? { k } : { noct: required(c, 'noct') };
    return {
      temp_cell: rossCellTemperature(
        { poaGlobal: inputColumn(c, 'poa_global'), airTemp: inputColumn(c, 'temp_air') },
        parameters,
      ),
    };
  },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.temperature.noct_sam. */
const noctSamHandler: CaseHandler = {
  variant: 'noct_sam',
  matches: (stem, name) => isTemperatureFile(stem) && name.startsWith('noct_sam'),
  run: (c) => {
    const effective = columnOrParam(c, 'effective_irradiance');
    const arrayHeight = param(c, 'array_height', 1);
    if (arrayHeight !== 1 && arrayHeight !== 2) throw new Error(`array_height ${arrayHeight} is not 1 or 2`);
    return {
      temp_cell: noctSamCellTemperature(
        {
          poaGlobal: inputColumn(c, 'poa_global'),
          airTemp: inputColumn(c, 'temp_air'),
          windSpeed: columnOrParam(c, 'wind_speed') ?? Number.NaN,
          ...(effective === undefined ? {} : { effectiveIrradiance: effective }),
        },
        {
          noct: required(c, 'noct'),
          moduleEfficiency: required(c, 'module_efficiency'),
          transmittanceAbsorptance: param(c, 'transmittance_absorptance', 0.9),
          arrayHeight,
          mountStandoff: param(c, 'mount_standoff', 4),
        },
      ),
    };
  },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.temperature.fuentes on the case's regular (or irregular) time series. */
const fuentesHandler: CaseHandler = {
  variant: 'fuentes',
  matches: (stem, name) => isTemperatureFile(stem) && name.startsWith('fuentes'),
  run: (c) => ({
    temp_cell: fuentesCellTemperature(
      {
        unixSeconds: inputColumn(c, 'unix_s'),
        poaGlobal: inputColumn(c, 'poa_global'),
        airTemp: inputColumn(c, 'temp_air'),
        windSpeed: inputColumn(c, 'wind_speed'),
      },
      {
        noctInstalled: required(c, 'noct_installed'),
        moduleHeight: param(c, 'module_height', 5),
        windHeight: param(c, 'wind_height', 9.144),
        emissivity: param(c, 'emissivity', 0.84),
        absorption: param(c, 'absorption', 0.83),
        surfaceTilt: param(c, 'surface_tilt', 30),
        moduleWidth: param(c, 'module_width', 0.31579),
        moduleLength: param(c, 'module_length', 1.2),
      },
    ),
  }),
  defaultTolerance: TOLERANCE.value,
};

export const handlers: CaseHandler[] = [rossHandler, noctSamHandler, fuentesHandler];
