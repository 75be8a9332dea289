/**
 * Reference handlers for the cases of irradiance.json (and any other file of the same schema whose case
 * names follow the same conventions). Each handler maps a case's inputs and params to a core function.
 * Cases are recognised by the prefix of their name (for example "poa_perez_south" is a Perez case)
 * and by the columns they carry, not by the file they come from.
 */
import {
  absoluteAirmass,
  altitudeToPressure,
  clearskyHaurwitz,
  clearskyIneichen,
  clearskySimplifiedSolis,
  extraterrestrialRadiation,
  relativeAirmass,
  type RelativeAirmassModel,
} from '../../../src/atmosphere/index.js';
import {
  aoi,
  dirint,
  disc,
  erbs,
  totalIrradiance,
  type PerezCoefficientSet,
  SKY_DIFFUSE_MODELS,
  type SkyDiffuseModel,
} from '../../../src/irradiance/index.js';
import { hasInputs, inputColumn, optionalInput, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ReferenceCase } from '../schema.js';

/** Sun and plane angles shared by the transposition cases. */
export function angles(refCase: ReferenceCase) {
  return {
    surfaceTilt: inputColumn(refCase, 'surface_tilt'),
    surfaceAzimuth: inputColumn(refCase, 'surface_azimuth'),
    solarZenith: inputColumn(refCase, 'solar_zenith'),
    solarAzimuth: inputColumn(refCase, 'solar_azimuth'),
  };
}

/** pvlib.irradiance.aoi */
const aoiHandler: CaseHandler = {
  variant: 'aoi',
  matches: (_stem, name, refCase) =>
    name.startsWith('aoi') && 'aoi' in refCase.expected && hasInputs(refCase, 'surface_tilt', 'solar_zenith'),
  run: (refCase) => {
    return { aoi: aoi(angles(refCase)) };
  },
  defaultTolerance: TOLERANCE.angle,
};

const POA_MODELS: readonly SkyDiffuseModel[] = SKY_DIFFUSE_MODELS;

/** The sky model of a poa case: its `model` param, else the word after "poa_" in its name. */
function poaModel(name: string, refCase: ReferenceCase): SkyDiffuseModel | undefined {
  const fromParam = param<string | undefined>(refCase, 'model', undefined);
  const candidate = fromParam ?? name.slice('poa_'.length).split('_')[0];
  return (POA_MODELS as readonly string[]).includes(candidate ?? '') ? (candidate as SkyDiffuseModel) : undefined;
}

/** pvlib.irradiance.get_total_irradiance with one sky model (one handler per model, so `run` knows it). */
function poaHandler(model: SkyDiffuseModel): CaseHandler {
  return {
    variant: `total-irradiance-${model}`,
    matches: (_stem, name, refCase) =>
      name.startsWith('poa_') &&
      poaModel(name, refCase) === model &&
      hasInputs(refCase, 'surface_tilt', 'dni', 'ghi', 'dhi'),
    run: (refCase) => {
      const r = totalIrradiance(
        {
          ...angles(refCase),
          dni: inputColumn(refCase, 'dni'),
          ghi: inputColumn(refCase, 'ghi'),
          dhi: inputColumn(refCase, 'dhi'),
          dniExtra: optionalInput(refCase, 'dni_extra'),
          airmass: optionalInput(refCase, 'airmass_relative') ?? optionalInput(refCase, 'airmass'),
          albedo: optionalInput(refCase, 'albedo') ?? param(refCase, 'albedo', 0.25),
        },
        {
          model,
          perezCoefficients: param<PerezCoefficientSet>(refCase, 'perez_coefficients', 'allsitescomposite1990'),
        },
      );
      return {
        poa_global: r.poaGlobal,
        poa_direct: r.poaDirect,
        poa_diffuse: r.poaDiffuse,
        poa_sky_diffuse: r.poaSkyDiffuse,
        poa_ground_diffuse: r.poaGroundDiffuse,
      };
    },
    defaultTolerance: TOLERANCE.value,
  };
}

/** pvlib.irradiance.get_extra_radiation with method 'spencer' or 'asce'. */
const extraterrestrialHandler: CaseHandler = {
  variant: 'extraterrestrial',
  matches: (_stem, name, refCase) =>
    name.startsWith('extraterrestrial') &&
    ['spencer', 'asce', 'nrel'].includes(param(refCase, 'method', 'spencer')) &&
    hasInputs(refCase, 'unix_s'),
  run: (refCase) => {
    const method = param<'spencer' | 'asce' | 'nrel'>(refCase, 'method', 'spencer');
    return {
      dni_extra: extraterrestrialRadiation(inputColumn(refCase, 'unix_s'), {
        solarConstant: param(refCase, 'solar_constant', 1366.1),
        method,
        // pvlib's nrel_earthsun_distance default, for method 'nrel' only.
        ...(method === 'nrel' ? { deltaT: param(refCase, 'delta_t', 67) } : {}),
      }),
    };
  },
  defaultTolerance: TOLERANCE.value,
};

const AIRMASS_MODELS: readonly string[] = [
  'kastenyoung1989',
  'kasten1966',
  'simple',
  'youngirvine1967',
  'young1994',
  'pickering2002',
  'gueymard1993',
  'gueymard2003',
];

/** pvlib.atmosphere.get_relative_airmass (every model) and get_absolute_airmass. */
const airmassHandler: CaseHandler = {
  variant: 'airmass',
  matches: (_stem, name, refCase) =>
    name.startsWith('airmass') &&
    AIRMASS_MODELS.includes(param(refCase, 'model', 'kastenyoung1989')) &&
    hasInputs(refCase, 'zenith'),
  run: (refCase) => {
    const model = param<RelativeAirmassModel>(refCase, 'model', 'kastenyoung1989');
    const relative = relativeAirmass(inputColumn(refCase, 'zenith'), { model });
    const pressure = optionalInput(refCase, 'pressure_pa') ?? 101325;
    return { airmass_relative: relative, airmass_absolute: absoluteAirmass(relative, pressure) };
  },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.atmosphere.alt2pres. */
const altitudeHandler: CaseHandler = {
  variant: 'alt2pres',
  matches: (_stem, name, refCase) => name.startsWith('alt2pres') && hasInputs(refCase, 'altitude_m'),
  run: (refCase) => ({ pressure_pa: altitudeToPressure(inputColumn(refCase, 'altitude_m')) }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.clearsky.ineichen. */
const ineichenHandler: CaseHandler = {
  variant: 'ineichen',
  matches: (_stem, name, refCase) =>
    name.startsWith('ineichen') && hasInputs(refCase, 'apparent_zenith', 'airmass_absolute', 'linke_turbidity'),
  run: (refCase) => {
    const r = clearskyIneichen(
      {
        apparentZenith: inputColumn(refCase, 'apparent_zenith'),
        airmassAbsolute: inputColumn(refCase, 'airmass_absolute'),
        linkeTurbidity: inputColumn(refCase, 'linke_turbidity'),
        altitude: optionalInput(refCase, 'altitude_m') ?? param(refCase, 'altitude', 0),
        dniExtra: optionalInput(refCase, 'dni_extra') ?? param(refCase, 'dni_extra', 1364),
      },
      { perezEnhancement: param(refCase, 'perez_enhancement', false) },
    );
    return { ghi: r.ghi, dni: r.dni, dhi: r.dhi };
  },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.clearsky.haurwitz. */
const haurwitzHandler: CaseHandler = {
  variant: 'haurwitz',
  matches: (_stem, name, refCase) => name.startsWith('haurwitz') && hasInputs(refCase, 'apparent_zenith'),
  run: (refCase) => ({ ghi: clearskyHaurwitz(inputColumn(refCase, 'apparent_zenith')) }),
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.irradiance.erbs. */
const erbsHandler: CaseHandler = {
  variant: 'erbs',
  matches: (_stem, name, refCase) =>
    name.startsWith('erbs') &&
    param(refCase, 'function', 'erbs') === 'erbs' &&
    hasInputs(refCase, 'ghi', 'zenith', 'unix_s'),
  run: (refCase) => {
    const r = erbs(
      {
        ghi: inputColumn(refCase, 'ghi'),
        zenith: inputColumn(refCase, 'zenith'),
        unixSeconds: inputColumn(refCase, 'unix_s'),
      },
      { minCosZenith: param(refCase, 'min_cos_zenith', 0.065), maxZenith: param(refCase, 'max_zenith', 87) },
    );
    return { dni: r.dni, dhi: r.dhi, kt: r.kt };
  },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.irradiance.disc. */
const discHandler: CaseHandler = {
  variant: 'disc',
  matches: (_stem, name, refCase) => name.startsWith('disc') && hasInputs(refCase, 'ghi', 'zenith', 'unix_s'),
  run: (refCase) => {
    const r = disc(
      {
        ghi: inputColumn(refCase, 'ghi'),
        zenith: inputColumn(refCase, 'zenith'),
        unixSeconds: inputColumn(refCase, 'unix_s'),
        pressure: optionalInput(refCase, 'pressure_pa') ?? 101325,
      },
      {
        minCosZenith: param(refCase, 'min_cos_zenith', 0.065),
        maxZenith: param(refCase, 'max_zenith', 87),
        maxAirmass: param(refCase, 'max_airmass', 12),
      },
    );
    return { dni: r.dni, kt: r.kt, airmass: r.airmass };
  },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.irradiance.dirint (optional dew point column `temp_dew`, param `use_delta_kt_prime`). */
const dirintHandler: CaseHandler = {
  variant: 'dirint',
  matches: (_stem, name, refCase) =>
    name.startsWith('dirint') && hasInputs(refCase, 'ghi', 'zenith', 'unix_s') && 'dni' in refCase.expected,
  run: (refCase) => {
    const tempDew = optionalInput(refCase, 'temp_dew');
    const dni = dirint(
      {
        ghi: inputColumn(refCase, 'ghi'),
        zenith: inputColumn(refCase, 'zenith'),
        unixSeconds: inputColumn(refCase, 'unix_s'),
        pressure: optionalInput(refCase, 'pressure_pa') ?? param(refCase, 'pressure', 101325),
        ...(tempDew === undefined ? {} : { tempDew }),
      },
      {
        useDeltaKtPrime: param(refCase, 'use_delta_kt_prime', true),
        minCosZenith: param(refCase, 'min_cos_zenith', 0.065),
        maxZenith: param(refCase, 'max_zenith', 87),
      },
    );
    return { dni };
  },
  defaultTolerance: TOLERANCE.value,
};

/** pvlib.clearsky.simplified_solis. */
const solisHandler: CaseHandler = {
  variant: 'simplified-solis',
  matches: (_stem, name, refCase) =>
    (name.startsWith('simplified_solis') || name.startsWith('solis')) && hasInputs(refCase, 'apparent_elevation'),
  run: (refCase) => {
    const r = clearskySimplifiedSolis({
      apparentElevation: inputColumn(refCase, 'apparent_elevation'),
      aod700: optionalInput(refCase, 'aod700') ?? param(refCase, 'aod700', 0.1),
      precipitableWater: optionalInput(refCase, 'precipitable_water') ?? param(refCase, 'precipitable_water', 1),
      pressure: optionalInput(refCase, 'pressure_pa') ?? param(refCase, 'pressure', 101325),
      dniExtra: optionalInput(refCase, 'dni_extra') ?? param(refCase, 'dni_extra', 1364),
    });
    return { ghi: r.ghi, dni: r.dni, dhi: r.dhi };
  },
  defaultTolerance: TOLERANCE.value,
};

export const handlers: CaseHandler[] = [
  dirintHandler,
  solisHandler,
  extraterrestrialHandler,
  airmassHandler,
  altitudeHandler,
  ineichenHandler,
  haurwitzHandler,
  erbsHandler,
  discHandler,
  aoiHandler,
  ...POA_MODELS.map(poaHandler),
];
