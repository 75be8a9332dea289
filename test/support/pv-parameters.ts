/**
 * Parameter sets of the tests of src/pv, typed from SAM's libraries (the Sandia module library of
 * 2015-06-30, the CEC and ADR inverter libraries of 2019-03-05) by their names there.
 */
import type { AdrInverter } from '../../src/pv/inverter.js';
import type { SandiaInverterParameters, SapmModuleParameters } from '../../src/pv/parameters.js';

/** Canadian_Solar_CS5P_220M___2009_ of the Sandia module library (mc-Si, 96 cells). */
export const CS5P_220M: SapmModuleParameters = {
  isco: 5.09115,
  impo: 4.54629,
  voco: 59.2608,
  vmpo: 48.3156,
  aisc: 0.000397,
  aimp: 0.000181,
  bvoco: -0.21696,
  mbvoc: 0,
  bvmpo: -0.235488,
  mbvmp: 0,
  n: 1.4032,
  cellsInSeries: 96,
  ixo: 4.97599,
  ixxo: 3.18803,
  c0: 1.01284,
  c1: -0.0128398,
  c2: 0.279317,
  c3: -7.24463,
  c4: 0.996446,
  c5: 0.003554,
  c6: 1.15535,
  c7: -0.155353,
  a0: 0.928385,
  a1: 0.068093,
  a2: -0.0157738,
  a3: 0.0016606,
  a4: -6.93e-5,
  b0: 1,
  b1: -0.002438,
  b2: 0.0003103,
  b3: -1.246e-5,
  b4: 2.112e-7,
  b5: -1.359e-9,
  fd: 1,
};

/** ABB__MICRO_0_25_I_OUTD_US_208__208V_ of the CEC inverter library (Sandia parameters), rounded. */
export const ABB_MICRO: SandiaInverterParameters = {
  paco: 250,
  pdco: 259.588593,
  vdco: 40,
  pso: 2.089607,
  c0: -4.1e-5,
  c1: -9.1e-5,
  c2: 4.94e-4,
  c3: -0.013171,
  pnt: 0.075,
};

/** Ablerex_Electronics_Co___Ltd___ES_2200_US_240__240_Vac__240V__CEC_2011_ of the ADR library. */
export const ABLEREX_ADR: AdrInverter = {
  pnom: 2200,
  vnom: 396,
  vmax: 413,
  vmin: 155,
  vdcmax: 500,
  mpptHi: 450,
  mpptLow: 150,
  pacmax: 2110,
  pnt: 0.25,
  adrCoefficients: [0.01385, 0.0152, 0.00794, 0.00286, -0.01872, -0.01305, 0.0, 0.0, 0.0],
};
