/**
 * Reference handlers for the cases of irradiance.json (and any other file of the same schema whose case
 * names follow the same conventions). Each handler maps a case's inputs and params to a core function.
 * Cases are recognised by the prefix of their name (for example "poa_perez_south" is a Perez case)
 * and by the columns they carry, not by the file they come from.
 */
import { aoi, totalIrradiance, type PerezCoefficientSet, type SkyDiffuseModel } from '../../../src/irradiance/index.js';
import { inputColumn, param } from '../runner.js';
import { TOLERANCE, type CaseHandler, type ReferenceCase } from '../schema.js';

function has(refCase: ReferenceCase, ...inputs: string[]): boolean {
  return inputs.every((name) => name in refCase.inputs);
}

/** An optional input column, or undefined when the case does not carry it. */
function optionalInput(refCase: ReferenceCase, name: string): Float64Array | undefined {
  return name in refCase.inputs ? inputColumn(refCase, name) : undefined;
}

/** Sun and plane angles shared by the transposition cases. */
function angles(refCase: ReferenceCase) {
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
    name.startsWith('aoi') && 'aoi' in refCase.expected && has(refCase, 'surface_tilt', 'solar_zenith'),
  run: (refCase) => {
    const a = angles(refCase);
    return { aoi: aoi(a.surfaceTilt, a.surfaceAzimuth, a.solarZenith, a.solarAzimuth) };
  },
  defaultTolerance: TOLERANCE.angle,
};

const POA_MODELS: readonly SkyDiffuseModel[] = ['isotropic', 'haydavies', 'perez'];

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
      name.startsWith('poa_') && poaModel(name, refCase) === model && has(refCase, 'surface_tilt', 'dni', 'ghi', 'dhi'),
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
        { model, perezCoefficients: param<PerezCoefficientSet>(refCase, 'perez_coefficients', 'allsitescomposite1990') },
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

export const handlers: CaseHandler[] = [aoiHandler, ...POA_MODELS.map(poaHandler)];
