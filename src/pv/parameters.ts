/**
 * The parameter sets of PV modules and inverters, as the models of this folder take them and as the
 * equipment libraries (SAM's CSV libraries, PVsyst's PAN and OND files) are read into them. Names
 * are pvlib-python's in camelCase (`I_L_ref` -> `iLRef`, `Paco` -> `paco`), units are pvlib's.
 */

/**
 * The reference-condition parameters of the single-diode model of De Soto et al. (2006), as
 * pvlib.pvsystem.calcparams_desoto takes them (and SAM's CEC module library lists them).
 */
export interface DesotoModuleParameters {
  /** Short-circuit current temperature coefficient, A/C (`alpha_sc`). */
  alphaSc: number;
  /** Modified diode ideality factor at reference conditions, V (`a_ref` = n Ns k T / q). */
  aRef: number;
  /** Light-generated current at reference conditions, A (`I_L_ref`). */
  iLRef: number;
  /** Diode reverse saturation current at reference conditions, A (`I_o_ref`). */
  iORef: number;
  /** Shunt resistance at reference conditions, ohm (`R_sh_ref`). */
  rShRef: number;
  /** Series resistance, ohm (`R_s`). */
  rS: number;
  /** Band-gap energy at reference temperature, eV (`EgRef`; default 1.121, c-Si). */
  egRef?: number;
  /** Temperature dependence of the band gap, 1/K (`dEgdT`; default -0.0002677). */
  dEgdT?: number;
}

/**
 * The CEC module parameters of SAM's library (`calcparams_cec`): De Soto's set plus the `Adjust`
 * of the temperature coefficient of short-circuit current (Dobos 2012), and the nameplate data
 * the library carries.
 */
export interface CecModuleParameters extends DesotoModuleParameters {
  /** Adjustment to the temperature coefficient of short-circuit current, percent (`Adjust`). */
  adjust: number;
  /** Open-circuit voltage temperature coefficient, V/C (`beta_oc`). */
  betaOc?: number;
  /** Maximum-power temperature coefficient, %/C (`gamma_r`, as in SAM's library). */
  gammaR?: number;
  /** Cells in series (`N_s`). */
  nS?: number;
  /** Nominal operating cell temperature, C (`T_NOCT`). */
  tNoct?: number;
  /** Module area, m2 (`A_c`). */
  aC?: number;
  /** Rated power at STC, W (`STC`). */
  stc?: number;
  /** Reference-condition short-circuit current, A (`I_sc_ref`). */
  iScRef?: number;
  /** Reference-condition open-circuit voltage, V (`V_oc_ref`). */
  vOcRef?: number;
  /** Reference-condition maximum-power current, A (`I_mp_ref`). */
  iMpRef?: number;
  /** Reference-condition maximum-power voltage, V (`V_mp_ref`). */
  vMpRef?: number;
  /** Cell technology as the library names it (`Technology`: 'Mono-c-Si', 'CdTe', ...). */
  technology?: string;
  /** Whether the module is bifacial (`Bifacial`). */
  bifacial?: boolean;
}

/**
 * The PVsyst single-diode module parameters (`calcparams_pvsyst`; Sauer, Roessler and Hansen 2015).
 */
export interface PvsystModuleParameters {
  /** Short-circuit current temperature coefficient, A/C (`alpha_sc`). */
  alphaSc: number;
  /** Diode ideality factor at reference conditions, unitless (`gamma_ref`). */
  gammaRef: number;
  /** Temperature coefficient of the diode ideality factor, 1/K (`mu_gamma`). */
  muGamma: number;
  /** Light-generated current at reference conditions, A (`I_L_ref`). */
  iLRef: number;
  /** Diode reverse saturation current at reference conditions, A (`I_o_ref`). */
  iORef: number;
  /** Shunt resistance at reference irradiance, ohm (`R_sh_ref`). */
  rShRef: number;
  /** Shunt resistance at zero irradiance, ohm (`R_sh_0`). */
  rSh0: number;
  /** Series resistance, ohm (`R_s`). */
  rS: number;
  /** Cells in series (`cells_in_series`). */
  cellsInSeries: number;
  /** Exponent of the shunt resistance's irradiance dependence (`R_sh_exp`; default 5.5). */
  rShExp?: number;
  /** Band-gap energy at reference temperature, eV (`EgRef`; default 1.121). */
  egRef?: number;
}

/**
 * The Sandia Array Performance Model's module parameters (King et al. 2004, SAND2004-3535), as
 * SAM's Sandia module library lists them and pvlib.pvsystem.sapm takes them.
 */
export interface SapmModuleParameters {
  /** Short-circuit current at reference conditions, A (`Isco`). */
  isco: number;
  /** Maximum-power current at reference conditions, A (`Impo`). */
  impo: number;
  /** Open-circuit voltage at reference conditions, V (`Voco`). */
  voco: number;
  /** Maximum-power voltage at reference conditions, V (`Vmpo`). */
  vmpo: number;
  /** Normalised temperature coefficient of Isc, 1/C (`Aisc`). */
  aisc: number;
  /** Normalised temperature coefficient of Imp, 1/C (`Aimp`). */
  aimp: number;
  /** Temperature coefficient of Voc, V/C (`Bvoco`). */
  bvoco: number;
  /** Irradiance dependence of Bvoco, V/C (`Mbvoc`). */
  mbvoc: number;
  /** Temperature coefficient of Vmp, V/C (`Bvmpo`). */
  bvmpo: number;
  /** Irradiance dependence of Bvmpo, V/C (`Mbvmp`). */
  mbvmp: number;
  /** Diode factor, unitless (`N`). */
  n: number;
  /** Cells in series (`Cells_in_Series`). */
  cellsInSeries: number;
  /** Current at V = Voc/2 at reference conditions, A (`IXO`). */
  ixo: number;
  /** Current at V = (Voc + Vmp)/2 at reference conditions, A (`IXXO`). */
  ixxo: number;
  /** Empirical coefficient of Imp (`C0`), unitless; C0 + C1 = 1. */
  c0: number;
  /** Empirical coefficient of Imp (`C1`), unitless. */
  c1: number;
  /** Empirical coefficient of Vmp (`C2`), unitless. */
  c2: number;
  /** Empirical coefficient of Vmp (`C3`), 1/V. */
  c3: number;
  /** Empirical coefficient of Ix (`C4`), unitless. */
  c4: number;
  /** Empirical coefficient of Ix (`C5`), unitless. */
  c5: number;
  /** Empirical coefficient of Ixx (`C6`), unitless. */
  c6: number;
  /** Empirical coefficient of Ixx (`C7`), unitless. */
  c7: number;
  /** Air-mass polynomial of the spectral factor, A0 + A1 AMa + ... + A4 AMa^4: `A0`. */
  a0: number;
  /** Air-mass polynomial coefficient (`A1`). */
  a1: number;
  /** Air-mass polynomial coefficient (`A2`). */
  a2: number;
  /** Air-mass polynomial coefficient (`A3`). */
  a3: number;
  /** Air-mass polynomial coefficient (`A4`). */
  a4: number;
  /** Incidence-angle polynomial of the IAM, B0 + B1 aoi + ... + B5 aoi^5 (aoi in degrees): `B0`. */
  b0: number;
  /** Incidence-angle polynomial coefficient (`B1`), 1/degree. */
  b1: number;
  /** Incidence-angle polynomial coefficient (`B2`), 1/degree^2. */
  b2: number;
  /** Incidence-angle polynomial coefficient (`B3`), 1/degree^3. */
  b3: number;
  /** Incidence-angle polynomial coefficient (`B4`), 1/degree^4. */
  b4: number;
  /** Incidence-angle polynomial coefficient (`B5`), 1/degree^5. */
  b5: number;
  /** Fraction of diffuse irradiance used by the module, unitless (`FD`). */
  fd: number;
  /** SAPM thermal coefficient `A` (when the library gives it), unitless. */
  a?: number;
  /** SAPM thermal coefficient `B`, s/m. */
  b?: number;
  /** SAPM thermal coefficient `DTC`: cell minus module back temperature at 1000 W/m2, C. */
  dtc?: number;
  /** Module area, m2 (`Area`). */
  area?: number;
  /** Cell material as the library names it (`Material`). */
  material?: string;
}

/**
 * The Sandia inverter model's parameters (King et al. 2007, SAND2007-5036), as SAM's CEC
 * inverter library lists them and pvlib.inverter.sandia takes them.
 */
export interface SandiaInverterParameters {
  /** AC power rating, W (`Paco`). */
  paco: number;
  /** DC power input that gives Paco at Vdco, W (`Pdco`). */
  pdco: number;
  /** DC voltage at which the AC rating is reached, V (`Vdco`). */
  vdco: number;
  /** DC power to start the inversion process (self-consumption), W (`Pso`). */
  pso: number;
  /** Curvature of AC power against DC power at Vdco, 1/W (`C0`). */
  c0: number;
  /** Variation of Pdco with DC voltage, 1/V (`C1`). */
  c1: number;
  /** Variation of Pso with DC voltage, 1/V (`C2`). */
  c2: number;
  /** Variation of C0 with DC voltage, 1/V (`C3`). */
  c3: number;
  /** AC power consumed at night, W (`Pnt`). */
  pnt: number;
  /** Nominal AC voltage, V (`Vac`). */
  vac?: number;
  /** Maximum DC voltage, V (`Vdcmax`). */
  vdcmax?: number;
  /** Maximum DC current, A (`Idcmax`). */
  idcmax?: number;
  /** Lower end of the MPPT voltage window, V (`Mppt_low`). */
  mpptLow?: number;
  /** Upper end of the MPPT voltage window, V (`Mppt_high`). */
  mpptHigh?: number;
}

/**
 * Driesse's inverter efficiency model (ADR) parameters (Driesse, Jain and Harrison 2008), as the
 * ADR inverter library lists them and pvlib.inverter.adr takes them.
 */
export interface AdrInverterParameters {
  /** Nominal DC power that normalises the DC input, W (`Pnom`). */
  pnom: number;
  /** Nominal DC voltage that normalises the DC voltage, V (`Vnom`). */
  vnom: number;
  /** Upper DC voltage limit of operation, V (`Vmax`). */
  vmax: number;
  /** Lower DC voltage limit of operation, V (`Vmin`). */
  vmin: number;
  /** Absolute maximum DC voltage, V (`Vdcmax`). */
  vdcmax: number;
  /** Upper MPPT voltage limit, V (`MPPTHi`). */
  mpptHi: number;
  /** Lower MPPT voltage limit, V (`MPPTLow`). */
  mpptLow: number;
  /** Maximum AC output, W (`Pacmax`). */
  pacmax: number;
  /** The nine ADR coefficients (`ADRCoefficients`). */
  adrCoefficients: readonly number[];
  /** AC power consumed at night, W (`Pnt`). */
  pnt: number;
}
