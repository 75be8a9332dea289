/**
 * Reference handlers for the cases of bifacial.json (and any other file of the same schema whose case
 * names follow the same conventions). Each handler maps a case's inputs and params to a core function.
 */
import { infiniteSheds } from '../../../src/bifacial/index.js';
import type { Column } from '../../../src/util/columns.js';
import { inputColumn, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ReferenceCase } from '../schema.js';

/** A quantity given either as an input column (tracked rows) or as a scalar param (fixed rows). */
function columnOrParam(refCase: ReferenceCase, name: string, fallback?: number): Column {
  if (name in refCase.inputs) return inputColumn(refCase, name);
  const v = param<number | undefined>(refCase, name, fallback);
  if (v === undefined) throw new Error(`'${name}' is neither an input column nor a param`);
  return v;
}

/**
 * pvlib.bifacial.infinite_sheds.get_irradiance: any case of a "bifacial" file, isotropic sky or
 * Hay-Davies (then with a `dni_extra` input column or param).
 */
const infiniteShedsHandler: CaseHandler = {
  variant: 'infinite-sheds',
  matches: (fileStem, _caseName, refCase) =>
    fileStem.startsWith('bifacial') &&
    ['isotropic', 'haydavies'].includes(param<string>(refCase, 'model', 'isotropic')) &&
    'solar_zenith' in refCase.inputs &&
    'ghi' in refCase.inputs,
  run: (refCase) => {
    const model = param<string>(refCase, 'model', 'isotropic') === 'haydavies' ? 'haydavies' : 'isotropic';
    const r = infiniteSheds(
      {
        solarZenith: inputColumn(refCase, 'solar_zenith'),
        solarAzimuth: inputColumn(refCase, 'solar_azimuth'),
        surfaceTilt: columnOrParam(refCase, 'surface_tilt'),
        surfaceAzimuth: columnOrParam(refCase, 'surface_azimuth'),
        ghi: inputColumn(refCase, 'ghi'),
        dhi: inputColumn(refCase, 'dhi'),
        dni: inputColumn(refCase, 'dni'),
      },
      {
        gcr: param(refCase, 'gcr', Number.NaN),
        height: param(refCase, 'height', Number.NaN),
        pitch: param(refCase, 'pitch', Number.NaN),
        albedo: columnOrParam(refCase, 'albedo'),
        bifaciality: param(refCase, 'bifaciality', 0.8),
        shadeFactor: param(refCase, 'shade_factor', -0.02),
        transmissionFactor: param(refCase, 'transmission_factor', 0),
        iamFront: columnOrParam(refCase, 'iam_front', 1),
        iamBack: columnOrParam(refCase, 'iam_back', 1),
        model,
        ...(model === 'haydavies' ? { dniExtra: columnOrParam(refCase, 'dni_extra') } : {}),
      },
    );
    return { poa_global: r.poaGlobal, poa_front: r.poaFront, poa_back: r.poaBack };
  },
  defaultTolerance: TOLERANCE.value,
};

export const handlers: CaseHandler[] = [infiniteShedsHandler];
