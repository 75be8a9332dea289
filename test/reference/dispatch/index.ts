/** All reference handlers, one module per model family. */
import type { CaseHandler } from '../schema.js';
import { handlers as atmosphere } from './atmosphere.js';
import { handlers as bifacial } from './bifacial.js';
import { handlers as decomposition } from './decomposition.js';
import { handlers as clearsky } from './clearsky.js';
import { handlers as equipment } from './equipment.js';
import { handlers as inverter } from './inverter.js';
import { handlers as iam } from './iam.js';
import { handlers as irradiance } from './irradiance.js';
import { handlers as modelHelpers } from './model_helpers.js';
import { handlers as planeOfArray } from './plane_of_array.js';
import { handlers as pvDc } from './pv_dc.js';
import { handlers as pvPower } from './pv_power.js';
import { handlers as sapm } from './sapm.js';
import { handlers as shading } from './shading.js';
import { handlers as singleDiode } from './single_diode.js';
import { handlers as snow } from './snow.js';
import { handlers as soiling } from './soiling.js';
import { handlers as spectrum } from './spectrum.js';
import { handlers as solarPosition } from './solar_position.js';
import { handlers as temperature } from './temperature.js';
import { handlers as tracking } from './tracking.js';
import { handlers as transposition } from './transposition.js';

export const allHandlers: CaseHandler[] = [
  ...solarPosition,
  ...irradiance,
  ...planeOfArray,
  ...tracking,
  ...bifacial,
  ...soiling,
  ...pvPower,
  ...singleDiode,
  ...temperature,
  ...equipment,
  ...sapm,
  ...inverter,
  ...pvDc,
  ...shading,
  ...decomposition,
  ...transposition,
  ...iam,
  ...spectrum,
  ...snow,
  ...modelHelpers,
  ...clearsky,
  ...atmosphere,
];
