/**
 * Reference handlers for the cases of decomposition.json (and any file of the same schema whose
 * cases follow its conventions): params.function names the pvlib function, params hold its scalar
 * arguments by pvlib's names (pvlib's defaults when absent), inputs its columns (times as unix_s).
 */
import {
  boland,
  campbellNorman,
  completeIrradiance,
  dirindex,
  dni,
  clearnessIndex,
  clearnessIndexZenithIndependent,
  erbsDriesse,
  ghiFromPoaDriesse2024,
  gtiDirint,
  type PerezCoefficientSet,
  type SkyDiffuseModel,
  louche,
  orgillHollands,
} from '../../../src/irradiance/index.js';
import { functionHandler, inputColumn, optionalInput, param } from '../runner.js';
import type { CaseHandler, ComputedColumns, ReferenceCase } from '../schema.js';

/** The columns of a kt decomposition: GHI, zenith, and the times or dni_extra. */
function ktInput(refCase: ReferenceCase) {
  const dniExtra = optionalInput(refCase, 'dni_extra');
  return {
    ghi: inputColumn(refCase, 'ghi'),
    zenith: inputColumn(refCase, 'zenith'),
    ...(dniExtra === undefined ? { unixSeconds: inputColumn(refCase, 'unix_s') } : { dniExtra }),
  };
}

function zenithLimits(refCase: ReferenceCase, maxZenith: number) {
  return {
    minCosZenith: param(refCase, 'min_cos_zenith', 0.065),
    maxZenith: param(refCase, 'max_zenith', maxZenith),
  };
}

function split(r: { dni: Float64Array; dhi: Float64Array; kt: Float64Array }): ComputedColumns {
  return { dni: r.dni, dhi: r.dhi, kt: r.kt };
}

export const handlers: CaseHandler[] = [
  functionHandler('erbs_driesse', (c) => split(erbsDriesse(ktInput(c), zenithLimits(c, 87)))),
  functionHandler('orgill_hollands', (c) => split(orgillHollands(ktInput(c), zenithLimits(c, 87)))),
  functionHandler('boland', (c) =>
    split(
      boland(ktInput(c), {
        ...zenithLimits(c, 87),
        aCoeff: param(c, 'a_coeff', 8.645),
        bCoeff: param(c, 'b_coeff', 0.613),
      }),
    ),
  ),
  // pvlib's louche has no min_cos_zenith: its clearness index uses the default 0.065.
  functionHandler('louche', (c) => split(louche(ktInput(c), { maxZenith: param(c, 'max_zenith', 90) }))),
  functionHandler('clearness_index', (c) => ({
    kt: clearnessIndex(
      {
        ghi: inputColumn(c, 'ghi'),
        zenith: inputColumn(c, 'solar_zenith'),
        dniExtra: inputColumn(c, 'extra_radiation'),
      },
      {
        minCosZenith: param(c, 'min_cos_zenith', 0.065),
        maxClearnessIndex: param(c, 'max_clearness_index', 2),
      },
    ),
  })),
  functionHandler('clearness_index_zenith_independent', (c) => ({
    kt_prime: clearnessIndexZenithIndependent(
      { clearnessIndex: inputColumn(c, 'clearness_index'), airmass: inputColumn(c, 'airmass') },
      { maxClearnessIndex: param(c, 'max_clearness_index', 2) },
    ),
  })),
  functionHandler('dni', (c) => ({
    dni: dni(
      {
        ghi: inputColumn(c, 'ghi'),
        dhi: inputColumn(c, 'dhi'),
        zenith: inputColumn(c, 'zenith'),
        dniClear: optionalInput(c, 'dni_clear'),
      },
      {
        clearskyTolerance: param(c, 'clearsky_tolerance', 1.1),
        zenithThresholdForZeroDni: param(c, 'zenith_threshold_for_zero_dni', 88),
        zenithThresholdForClearskyLimit: param(c, 'zenith_threshold_for_clearsky_limit', 80),
      },
    ),
  })),
  functionHandler('complete_irradiance', (c) => {
    const r = completeIrradiance({
      solarZenith: inputColumn(c, 'solar_zenith'),
      ghi: optionalInput(c, 'ghi'),
      dhi: optionalInput(c, 'dhi'),
      dni: optionalInput(c, 'dni'),
      dniClear: optionalInput(c, 'dni_clear'),
    });
    return { ghi: r.ghi, dhi: r.dhi, dni: r.dni };
  }),
  functionHandler('campbell_norman', (c) => {
    const r = campbellNorman({
      zenith: inputColumn(c, 'zenith'),
      transmittance: optionalInput(c, 'transmittance') ?? param(c, 'transmittance', Number.NaN),
      pressure: optionalInput(c, 'pressure') ?? param(c, 'pressure', 101325),
      dniExtra: optionalInput(c, 'dni_extra') ?? param(c, 'dni_extra', 1367),
    });
    return { ghi: r.ghi, dni: r.dni, dhi: r.dhi };
  }),
  functionHandler('dirindex', (c) => ({
    dni: dirindex(
      {
        ghi: inputColumn(c, 'ghi'),
        ghiClear: inputColumn(c, 'ghi_clear'),
        dniClear: inputColumn(c, 'dni_clear'),
        zenith: inputColumn(c, 'zenith'),
        unixSeconds: inputColumn(c, 'unix_s'),
        pressure: optionalInput(c, 'pressure') ?? param(c, 'pressure', 101325),
        tempDew: optionalInput(c, 'temp_dew'),
      },
      {
        useDeltaKtPrime: param(c, 'use_delta_kt_prime', true),
        minCosZenith: param(c, 'min_cos_zenith', 0.065),
        maxZenith: param(c, 'max_zenith', 87),
      },
    ),
  })),
  functionHandler('ghi_from_poa_driesse_2024', (c) => {
    const r = ghiFromPoaDriesse2024(
      {
        surfaceTilt: optionalInput(c, 'surface_tilt') ?? param(c, 'surface_tilt', Number.NaN),
        surfaceAzimuth: optionalInput(c, 'surface_azimuth') ?? param(c, 'surface_azimuth', Number.NaN),
        solarZenith: inputColumn(c, 'solar_zenith'),
        solarAzimuth: inputColumn(c, 'solar_azimuth'),
        poaGlobal: inputColumn(c, 'poa_global'),
        dniExtra: optionalInput(c, 'dni_extra') ?? param(c, 'dni_extra', Number.NaN),
        airmass: optionalInput(c, 'airmass'),
        albedo: optionalInput(c, 'albedo') ?? param(c, 'albedo', 0.25),
      },
      { xtol: param(c, 'xtol', 0.01) },
    );
    return { ghi: r.ghi, converged: r.converged, niter: r.niter };
  }),
  functionHandler('gti_dirint', (c) => {
    const r = gtiDirint(
      {
        poaGlobal: inputColumn(c, 'poa_global'),
        aoi: inputColumn(c, 'aoi'),
        solarZenith: inputColumn(c, 'solar_zenith'),
        solarAzimuth: inputColumn(c, 'solar_azimuth'),
        unixSeconds: inputColumn(c, 'unix_s'),
        surfaceTilt: optionalInput(c, 'surface_tilt') ?? param(c, 'surface_tilt', Number.NaN),
        surfaceAzimuth: optionalInput(c, 'surface_azimuth') ?? param(c, 'surface_azimuth', Number.NaN),
        pressure: optionalInput(c, 'pressure') ?? param(c, 'pressure', 101325),
        tempDew: optionalInput(c, 'temp_dew'),
        albedo: optionalInput(c, 'albedo') ?? param(c, 'albedo', 0.25),
      },
      {
        useDeltaKtPrime: param(c, 'use_delta_kt_prime', true),
        model: param<SkyDiffuseModel>(c, 'model', 'perez'),
        modelPerez: param<PerezCoefficientSet>(c, 'model_perez', 'allsitescomposite1990'),
        calculateGt90: param(c, 'calculate_gt_90', true),
        maxIterations: param(c, 'max_iterations', 30),
      },
    );
    return { ghi: r.ghi, dni: r.dni, dhi: r.dhi };
  }),
];
