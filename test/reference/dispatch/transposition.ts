/**
 * Reference handlers for the cases of transposition.json (and any file of the same schema whose
 * cases follow its conventions): params.function names the pvlib function (klucher, reindl, king,
 * perez_driesse, get_total_irradiance with params.model), params and inputs hold its arguments by
 * pvlib's names (pvlib's defaults when absent).
 */
import {
  kingSkyDiffuse,
  klucherSkyDiffuse,
  type PerezCoefficientSet,
  perezDriesseSkyDiffuse,
  poaComponents,
  reindlSkyDiffuse,
  type SkyDiffuseModel,
  type SkyDiffuseParts,
  totalIrradiance,
} from '../../../src/irradiance/index.js';
import { functionHandler, inputColumn, optionalInput, param } from '../runner.js';
import type { CaseHandler, ComputedColumns, ReferenceCase } from '../schema.js';

/** A column from the inputs, else the params (a plane's tilt or azimuth is often one value). */
function columnOrParam(refCase: ReferenceCase, name: string, fallback?: number): Float64Array | number {
  const column = optionalInput(refCase, name);
  if (column !== undefined) return column;
  const value = param<number | undefined>(refCase, name, fallback);
  if (value === undefined) throw new Error(`input column or param '${name}' is missing`);
  return value;
}

function plane(refCase: ReferenceCase) {
  return {
    surfaceTilt: columnOrParam(refCase, 'surface_tilt'),
    surfaceAzimuth: columnOrParam(refCase, 'surface_azimuth', 180),
    solarZenith: inputColumn(refCase, 'solar_zenith'),
    solarAzimuth: inputColumn(refCase, 'solar_azimuth'),
  };
}

function parts(r: SkyDiffuseParts, refCase: ReferenceCase): ComputedColumns {
  if (param<boolean>(refCase, 'return_components', false) !== true) return { poa_sky_diffuse: r.poaSkyDiffuse };
  return {
    poa_sky_diffuse: r.poaSkyDiffuse,
    poa_isotropic: r.poaIsotropic,
    poa_circumsolar: r.poaCircumsolar,
    poa_horizon: r.poaHorizon,
  };
}

export const handlers: CaseHandler[] = [
  functionHandler('klucher', (c) => ({
    poa_sky_diffuse: klucherSkyDiffuse({ ...plane(c), dhi: inputColumn(c, 'dhi'), ghi: inputColumn(c, 'ghi') }),
  })),
  functionHandler('king', (c) => ({
    poa_sky_diffuse: kingSkyDiffuse({
      surfaceTilt: columnOrParam(c, 'surface_tilt'),
      solarZenith: inputColumn(c, 'solar_zenith'),
      dhi: inputColumn(c, 'dhi'),
      ghi: inputColumn(c, 'ghi'),
    }),
  })),
  functionHandler('reindl', (c) =>
    parts(
      reindlSkyDiffuse({
        ...plane(c),
        dhi: inputColumn(c, 'dhi'),
        dni: inputColumn(c, 'dni'),
        ghi: inputColumn(c, 'ghi'),
        dniExtra: columnOrParam(c, 'dni_extra'),
      }),
      c,
    ),
  ),
  functionHandler('perez_driesse', (c) =>
    parts(
      perezDriesseSkyDiffuse({
        ...plane(c),
        dhi: inputColumn(c, 'dhi'),
        dni: inputColumn(c, 'dni'),
        dniExtra: columnOrParam(c, 'dni_extra'),
        airmass: optionalInput(c, 'airmass'),
      }),
      c,
    ),
  ),
  functionHandler('poa_components', (c) => {
    const r = poaComponents({
      aoi: inputColumn(c, 'aoi'),
      dni: inputColumn(c, 'dni'),
      poaSkyDiffuse: inputColumn(c, 'poa_sky_diffuse'),
      poaGroundDiffuse: inputColumn(c, 'poa_ground_diffuse'),
    });
    return { poa_global: r.poaGlobal, poa_direct: r.poaDirect, poa_diffuse: r.poaDiffuse };
  }),
  functionHandler('get_total_irradiance', (c) => {
    const components = param<boolean>(c, 'diffuse_components', false);
    const dniExtra = optionalInput(c, 'dni_extra') ?? param<number | undefined>(c, 'dni_extra', undefined);
    const r = totalIrradiance(
      {
        ...plane(c),
        dni: inputColumn(c, 'dni'),
        ghi: inputColumn(c, 'ghi'),
        dhi: inputColumn(c, 'dhi'),
        ...(dniExtra === undefined ? {} : { dniExtra }),
        airmass: optionalInput(c, 'airmass'),
        albedo: columnOrParam(c, 'albedo', 0.25),
      },
      {
        model: param<SkyDiffuseModel>(c, 'model', 'isotropic'),
        perezCoefficients: param<PerezCoefficientSet>(c, 'model_perez', 'allsitescomposite1990'),
        diffuseComponents: components,
      },
    );
    const out: ComputedColumns = {
      poa_global: r.poaGlobal,
      poa_direct: r.poaDirect,
      poa_diffuse: r.poaDiffuse,
      poa_sky_diffuse: r.poaSkyDiffuse,
      poa_ground_diffuse: r.poaGroundDiffuse,
    };
    if (r.poaIsotropic !== undefined) out.poa_isotropic = r.poaIsotropic;
    if (r.poaCircumsolar !== undefined) out.poa_circumsolar = r.poaCircumsolar;
    if (r.poaHorizon !== undefined) out.poa_horizon = r.poaHorizon;
    return out;
  }),
];
