/**
 * PVsyst's component files: PAN (a PV module) and OND (an inverter), text of nested `PVObject_`
 * blocks of `key=value` lines indented by two spaces. Read into a nested object as
 * pvlib.iotools.read_panond does, then into the core's parameter sets: a PAN into the PVsyst
 * single-diode parameters, an OND into Sandia inverter parameters fitted to its efficiency curves.
 */
import { checkObject, typeFailure } from '../../util/validate.js';
import { fitSandiaInverter } from '../fit-sandia-inverter.js';
import type { PvsystModuleParameters, SandiaInverterParameters } from '../parameters.js';
import { EquipmentFileError } from './errors.js';
import { equipmentText } from './text.js';

/** A value of a PAN or OND file as read: a number, text, a list, `null` (a key without `=`), or a nested block. */
export type PanondValue = number | string | null | (number | string)[] | PanondObject;

/** A block of a PAN or OND file: its keys in the file's order. */
export interface PanondObject {
  /** A key of the block and its value. */
  [key: string]: PanondValue;
}

/** Options of {@link parsePanond}, {@link panToPvsystModule} and {@link ondToSandiaInverter}. */
export interface PanondOptions {
  /** The file's name, for error messages (default `'(text)'`). */
  fileName?: string;
}

// Python's str.splitlines() line boundaries.
// biome-ignore lint/suspicious/noControlCharactersInRegex: splitlines() also breaks at the file, group and record separators
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/;
const INTEGER = /^\s*[+-]?\d+\s*$/;
const FLOAT = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/** pvlib's `_num_type`: a float when the text has a '.', an int when it has none, else the text. */
function panondNumber(text: string): number | string {
  if (text.includes('.')) return FLOAT.test(text) ? Number(text) : text;
  return INTEGER.test(text) ? Number(text) : text;
}

/** pvlib's `_element_type`: a list when the text has a comma (each item read as above). */
function panondElement(text: string): number | string | (number | string)[] {
  return text.includes(',') ? text.split(',').map(panondNumber) : panondNumber(text);
}

/** Sets a key of a block, also `__proto__` or `constructor`, as an own property. */
function put(block: PanondObject, key: string, value: PanondValue): void {
  Object.defineProperty(block, key, { value, enumerable: true, writable: true, configurable: true });
}

function leadingSpaces(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  return i;
}

/**
 * Reads a PVsyst PAN or OND file into a nested object, as pvlib.iotools.read_panond: a line
 * `key=value` sets the key in the block of its indentation (two spaces a level); a line followed by
 * a more indented one opens a block under its key, which holds the line's own key and value too
 * (`PVObject_Commercial: { PVObject_Commercial: 'pvCommercial', ... }`). Values with a comma are
 * lists; a value with a '.' that reads as a number is a number, one without a '.' that reads as an
 * integer is a number, anything else text; a line without '=' sets its key to null. Like pvlib, the
 * file's last line (`End of PVObject ...`) is not read, nor is text after a second '='. Blank lines
 * (also of spaces only, where pvlib would set a key '') are skipped. The bytes may be UTF-8 (with a
 * byte-order mark, as PVsyst writes OND files) or Latin-1. PVsyst's file format has no public
 * specification; the reading follows pvlib's (Sengupta, Hansen et al., pvlib-python,
 * DOI 10.21105/joss.05994).
 * @param text the file's text, or its bytes
 * @param options `fileName` for error messages
 * @example
 * const pan = parsePanond('PVObject_=pvModule\n  Version=7.2\n  NCelS=60\n  Isc=10.200\n  Point_1=0.0,1.00000\nEnd of PVObject pvModule\n');
 * pan.PVObject_; // => { PVObject_: 'pvModule', Version: 7.2, NCelS: 60, Isc: 10.2, Point_1: [0, 1] }
 */
export function parsePanond(text: string | Uint8Array, options: PanondOptions = {}): PanondObject {
  const fn = 'parsePanond';
  checkObject(fn, 'options', options);
  const fileName = options.fileName ?? '(text)';
  if (typeof text !== 'string' && !(text instanceof Uint8Array))
    typeFailure(fn, 'text', "a string or a Uint8Array (a PAN or OND file's text or bytes)", text);
  const lines = equipmentText(text).split(LINE_BREAK);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop(); // splitlines() has no final empty line
  const root: PanondObject = {};
  let levels: PanondObject[] = [root];
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const level = Math.floor(leadingSpaces(line) / 2);
    const nextLevel = Math.floor(leadingSpaces(lines[i + 1]!) / 2);
    const parts = line.split('=');
    const key = parts[0]!.trim();
    const value = parts.length > 1 ? panondElement(parts[1]!.trim()) : null;
    const block = levels[level];
    if (block === undefined)
      throw new EquipmentFileError(
        fileName,
        `not a PVsyst PAN or OND file: the line is indented ${level} levels, deeper than its block (${levels.length - 1})`,
        { line: i + 1 },
      );
    if (nextLevel > level) {
      const child: PanondObject = {};
      put(block, key, child);
      levels = [...levels.slice(0, level + 1), child];
      put(child, key, value);
    } else put(block, key, value);
  }
  return root;
}

/** The PVsyst module parameters of a PAN file, with its nameplate data. */
export interface PvsystPanModule extends PvsystModuleParameters {
  /** Manufacturer (`PVObject_Commercial.Manufacturer`). */
  manufacturer?: string;
  /** Model (`PVObject_Commercial.Model`). */
  model?: string;
  /** Cell technology as PVsyst names it (`Technol`: 'mtSiMono', 'mtSiPoly', 'mtCdTe', ...). */
  technology?: string;
  /** Rated power at STC, W (`PNom`). */
  pNom: number;
  /** Short-circuit current at STC, A (`Isc`). */
  iScRef: number;
  /** Open-circuit voltage at STC, V (`Voc`). */
  vOcRef: number;
  /** Maximum-power current at STC, A (`Imp`). */
  iMpRef: number;
  /** Maximum-power voltage at STC, V (`Vmp`). */
  vMpRef: number;
  /** Reference irradiance, W/m2 (`GRef`, default 1000): pvlib's `irrad_ref`. */
  gRef: number;
  /** Reference cell temperature, C (`TRef`, default 25): pvlib's `temp_ref`. */
  tRef: number;
  /** Temperature coefficient of Voc, V/C (`muVocSpec` in mV/C). */
  betaOc?: number;
  /** Temperature coefficient of the maximum power, %/C (`muPmpReq`). */
  gammaPdc?: number;
  /** Cells in parallel (`NCelP`). */
  cellsInParallel?: number;
  /** Rear-to-front efficiency of a bifacial module, unitless (`BifacialityFactor`). */
  bifacialityFactor?: number;
  /** Module width and height, m (`PVObject_Commercial.Width`, `Height`). */
  width?: number;
  /** Module height, m (`PVObject_Commercial.Height`). */
  height?: number;
  /** Angles of the user IAM profile, degrees (`PVObject_IAM.IAMProfile` points), when the file has one. */
  iamAngles?: number[];
  /** IAM of each angle of {@link PvsystPanModule.iamAngles}, unitless. */
  iamValues?: number[];
}

const BOLTZMANN = 1.380649e-23; // J/K (SI, exact)
const ELEMENTARY_CHARGE = 1.602176634e-19; // C (SI, exact)

function topBlock(parsed: PanondObject, fn: string, fileName: string, want: 'pvModule' | 'pvGInverter'): PanondObject {
  checkObject(fn, 'parsed', parsed);
  const top = parsed.PVObject_;
  const kind = typeof top === 'object' && top !== null && !Array.isArray(top) ? top.PVObject_ : top;
  if (kind !== want) {
    const what = want === 'pvModule' ? 'PAN (module)' : 'OND (inverter)';
    const other =
      kind === 'pvModule'
        ? ' (a PAN module file: read it with panToPvsystModule or readPanFile)'
        : kind === 'pvGInverter'
          ? ' (an OND inverter file: read it with ondToSandiaInverter or readOndFile)'
          : '';
    throw new EquipmentFileError(
      fileName,
      `not a PVsyst ${what} file: its first object is ${kind === undefined ? 'missing' : JSON.stringify(kind)}, not 'PVObject_=${want}'${other}`,
      { line: 1 },
    );
  }
  return top as PanondObject;
}

function block(parent: PanondObject, key: string): PanondObject | undefined {
  const v = parent[key];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
}

function numberOf(parent: PanondObject, key: string, fileName: string, what: string): number {
  const v = parent[key];
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new EquipmentFileError(
      fileName,
      v === undefined ? `${what} has no '${key}'` : `${what}'s '${key}' is not a number (${JSON.stringify(v)})`,
    );
  return v;
}

function optionalNumber(parent: PanondObject | undefined, key: string): number | undefined {
  const v = parent?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function optionalText(parent: PanondObject | undefined, key: string): string | undefined {
  const v = parent?.[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}

/** The points of a `TCubicProfile` block: the first `NPtsEff` of `Point_1`, `Point_2`, ... as [x, y]. */
function profilePoints(profile: PanondObject): [number, number][] {
  const count = optionalNumber(profile, 'NPtsEff') ?? Number.POSITIVE_INFINITY;
  const points: [number, number][] = [];
  for (let i = 1; i <= count; i++) {
    const p = profile[`Point_${i}`];
    if (!Array.isArray(p)) break;
    const [x, y] = p;
    if (typeof x !== 'number' || typeof y !== 'number') break;
    points.push([x, y]);
  }
  return points;
}

/**
 * The PVsyst single-diode parameters of a PAN file read by {@link parsePanond}: gammaRef = Gamma,
 * muGamma (1/K), rShRef = RShunt, rSh0 = Rp_0, rShExp = Rp_Exp (default 5.5), rS = RSerie (ohm),
 * cellsInSeries = NCelS, alphaSc = muISC / 1000 (the file's mA/K as A/K), and the two currents the
 * file does not hold, from its STC data as PVsyst defines the model (Mermoud and Lejeune 2010,
 * "Performance assessment of a simulation model for PV modules of any available technology", 25th
 * EU PVSEC, DOI 10.4229/25thEUPVSEC2010-4BO.9.1; the form of pvlib.pvsystem.calcparams_pvsyst,
 * Sauer, Roessler and Hansen 2015, DOI 10.1109/JPHOTOV.2014.2364133): the one-diode equation
 * I = IL - I0 [exp((V + I Rs) / nNsVth) - 1] - (V + I Rs) / Rsh at STC, with nNsVth = Gamma NCelS
 * k (TRef + 273.15) / q and Rsh = RShunt, holds at short circuit (V = 0, I = Isc) and open circuit
 * (V = Voc, I = 0), two linear equations in IL and I0:
 * I0 = [Isc (1 + Rs/Rsh) - Voc/Rsh] / [exp(Voc/nNsVth) - exp(Isc Rs/nNsVth)] and
 * IL = Isc (1 + Rs/Rsh) + I0 [exp(Isc Rs/nNsVth) - 1]. calcparams_pvsyst at STC and the single-diode
 * solution with these give back the file's Isc and Voc (to 1e-9, checked with pvlib). The band gap
 * (egRef) is left to the model's default (1.121 eV, c-Si). Currents A, voltages V, resistances ohm.
 * @param parsed the object {@link parsePanond} read from a PAN file
 * @param options `fileName` for error messages
 * @example
 * const pan = parsePanond(
 *   'PVObject_=pvModule\n  NCelS=60\n  TRef=25.0\n  PNom=330.0\n  Isc=10.200\n  Voc=41.30\n  Imp=9.710\n  Vmp=34.00\n' +
 *     '  muISC=5.10\n  RShunt=450\n  Rp_0=3000\n  Rp_Exp=5.50\n  RSerie=0.250\n  Gamma=1.020\n  muGamma=-0.0003\nEnd of PVObject pvModule\n',
 * );
 * const module = panToPvsystModule(pan);
 * module.cellsInSeries; // => 60
 * module.iLRef; // about 10.2057
 * module.iORef; // about 3.961e-11
 */
export function panToPvsystModule(parsed: PanondObject, options: PanondOptions = {}): PvsystPanModule {
  const fn = 'panToPvsystModule';
  checkObject(fn, 'options', options);
  const fileName = options.fileName ?? '(text)';
  const pan = topBlock(parsed, fn, fileName, 'pvModule');
  const what = 'the module';
  const need = (key: string): number => numberOf(pan, key, fileName, what);
  const cellsInSeries = need('NCelS');
  const iSc = need('Isc');
  const vOc = need('Voc');
  const rS = need('RSerie');
  const rSh = need('RShunt');
  const gamma = need('Gamma');
  const tRef = optionalNumber(pan, 'TRef') ?? 25;
  const nNsVth = (gamma * cellsInSeries * BOLTZMANN * (tRef + 273.15)) / ELEMENTARY_CHARGE;
  const eSc = Math.expm1((iSc * rS) / nNsVth);
  const eOc = Math.expm1(vOc / nNsVth);
  const iShort = iSc * (1 + rS / rSh);
  const iORef = (iShort - vOc / rSh) / (eOc - eSc);
  const iLRef = iShort + iORef * eSc;
  const commercial = block(pan, 'PVObject_Commercial');
  const profile = block(block(pan, 'PVObject_IAM') ?? {}, 'IAMProfile');
  const iam = profile !== undefined ? profilePoints(profile) : [];
  const muVoc = optionalNumber(pan, 'muVocSpec');
  const result: PvsystPanModule = {
    alphaSc: need('muISC') / 1000,
    gammaRef: gamma,
    muGamma: need('muGamma'),
    iLRef,
    iORef,
    rShRef: rSh,
    rSh0: need('Rp_0'),
    rS,
    cellsInSeries,
    rShExp: optionalNumber(pan, 'Rp_Exp') ?? 5.5,
    pNom: need('PNom'),
    iScRef: iSc,
    vOcRef: vOc,
    iMpRef: need('Imp'),
    vMpRef: need('Vmp'),
    gRef: optionalNumber(pan, 'GRef') ?? 1000,
    tRef,
  };
  const optional: Partial<PvsystPanModule> = {
    manufacturer: optionalText(commercial, 'Manufacturer'),
    model: optionalText(commercial, 'Model'),
    technology: optionalText(pan, 'Technol'),
    betaOc: muVoc !== undefined ? muVoc / 1000 : undefined,
    gammaPdc: optionalNumber(pan, 'muPmpReq'),
    cellsInParallel: optionalNumber(pan, 'NCelP'),
    bifacialityFactor: optionalNumber(pan, 'BifacialityFactor'),
    width: optionalNumber(commercial, 'Width'),
    height: optionalNumber(commercial, 'Height'),
    iamAngles: iam.length > 0 ? iam.map((p) => p[0]) : undefined,
    iamValues: iam.length > 0 ? iam.map((p) => p[1]) : undefined,
  };
  for (const [k, v] of Object.entries(optional))
    if (v !== undefined) (result as unknown as Record<string, unknown>)[k] = v;
  return result;
}

/** The Sandia inverter parameters of an OND file, with the OND's own ratings and limits. */
export interface OndSandiaInverter extends SandiaInverterParameters {
  /** Manufacturer (`PVObject_Commercial.Manufacturer`). */
  manufacturer?: string;
  /** Model (`PVObject_Commercial.Model`). */
  model?: string;
  /** Nominal AC power, W (`Converter.PNomConv`, kW in the file). */
  pNomConv: number;
  /** Maximum AC power, W (`Converter.PMaxOUT`, kW in the file; Paco when given). */
  pMaxOut?: number;
  /** Nominal DC power, W (`Converter.PNomDC`, kW in the file). */
  pNomDc?: number;
  /** Number of MPPT inputs (`NbMPPT`). */
  mpptInputs?: number;
  /** Maximum efficiency, percent (`Converter.EfficMax`). */
  efficiencyMax?: number;
  /** European efficiency, percent (`Converter.EfficEuro`). */
  efficiencyEuro?: number;
  /** The DC voltages of the efficiency curves the fit used, V (`Converter.VNomEff`). */
  curveVoltages: number[];
}

/**
 * Sandia inverter parameters of an OND file read by {@link parsePanond}: Pdco, Vdco, Pso and C0-C3
 * fitted by {@link fitSandiaInverter} to the OND's efficiency curves at its three DC voltages (the
 * `NPtsEff` points (input W, output W) of `ProfilPIOV1`..`ProfilPIOV3` at `VNomEff`, the lowest
 * as 'Vmin', the middle as 'Vnom'); with a single curve (`ProfilPIO`, older files) the quadratic
 * of that curve at the middle of the MPPT window and C1 = C2 = C3 = 0. The OND's limits are kept:
 * Paco = PMaxOUT (the maximum AC power, PVsyst's clipping; PNomConv when PMaxOUT is absent), Pnt =
 * Night_Loss (W), vac = VOutConv, vdcmax = VAbsMax, mpptLow and mpptHigh = VMppMin and VMPPMax,
 * idcmax = IMaxDC (V, A; the file's kW as W). Model: King et al. (2007), SAND2007-5036,
 * DOI 10.2172/920449; the fit follows pvlib.inverter.fit_sandia.
 * @param parsed the object {@link parsePanond} read from an OND file
 * @param options `fileName` for error messages
 * @example
 * const curve = (v: number, eff: number) =>
 *   `    ProfilPIOV${v}=TCubicProfile\n      NPtsEff=4\n` +
 *   [10000, 50000, 150000, 250000].map((p, i) => `      Point_${i + 1}=${p.toFixed(1)},${(p * eff - 300 - 2e-7 * p * p).toFixed(1)}\n`).join('') +
 *   '    End of TCubicProfile\n';
 * const ond = parsePanond(
 *   'PVObject_=pvGInverter\n  Converter=TConverter\n    PNomConv=250.000\n    PMaxOUT=250.000\n    VMppMin=500\n    VMPPMax=1500\n' +
 *     '    VNomEff=880.0,1174.0,1300.0,\n' + curve(1, 0.985) + curve(2, 0.99) + curve(3, 0.988) +
 *     '  End of TConverter\n  Night_Loss=5.00\nEnd of PVObject pvGInverter\n',
 * );
 * const inverter = ondToSandiaInverter(ond);
 * [inverter.paco, inverter.pnt, inverter.vdco, inverter.mpptLow]; // => [250000, 5, 1174, 500]
 */
export function ondToSandiaInverter(parsed: PanondObject, options: PanondOptions = {}): OndSandiaInverter {
  const fn = 'ondToSandiaInverter';
  checkObject(fn, 'options', options);
  const fileName = options.fileName ?? '(text)';
  const ond = topBlock(parsed, fn, fileName, 'pvGInverter');
  const converter = block(ond, 'Converter');
  if (converter === undefined) throw new EquipmentFileError(fileName, "the inverter has no 'Converter' block");
  const pNomConv = numberOf(converter, 'PNomConv', fileName, 'the converter') * 1000;
  const pMaxOutKw = optionalNumber(converter, 'PMaxOUT');
  const pMaxOut = pMaxOutKw !== undefined && pMaxOutKw > 0 ? pMaxOutKw * 1000 : undefined;
  const paco = pMaxOut ?? pNomConv;
  const pnt = optionalNumber(ond, 'Night_Loss') ?? 0;
  const mpptLow = optionalNumber(converter, 'VMppMin');
  const mpptHigh = optionalNumber(converter, 'VMPPMax');
  const voltagesCell = converter.VNomEff;
  const voltages = Array.isArray(voltagesCell)
    ? voltagesCell.filter((v): v is number => typeof v === 'number')
    : typeof voltagesCell === 'number'
      ? [voltagesCell]
      : [];
  const curves = [1, 2, 3].map((i) => block(converter, `ProfilPIOV${i}`));
  let fit: SandiaInverterParameters;
  let curveVoltages: number[];
  if (curves.every((c) => c !== undefined) && voltages.length >= 3) {
    const ac: number[] = [];
    const dc: number[] = [];
    const v: number[] = [];
    const level: ('Vmin' | 'Vnom' | 'Vmax')[] = [];
    const order = [0, 1, 2].sort((a, b) => voltages[a]! - voltages[b]!);
    const names = ['Vmin', 'Vnom', 'Vmax'] as const;
    order.forEach((curveIndex, rank) => {
      for (const [pIn, pOut] of profilePoints(curves[curveIndex]!)) {
        dc.push(pIn);
        ac.push(pOut);
        v.push(voltages[curveIndex]!);
        level.push(names[rank]!);
      }
    });
    fit = fitSandiaInverter(
      {
        acPower: Float64Array.from(ac),
        dcPower: Float64Array.from(dc),
        dcVoltage: Float64Array.from(v),
        dcVoltageLevel: level,
      },
      { pAc0: paco, pNt: pnt },
    );
    curveVoltages = voltages.slice(0, 3);
  } else {
    const single = block(converter, 'ProfilPIO');
    if (single === undefined)
      throw new EquipmentFileError(
        fileName,
        "the converter has neither efficiency curves at three voltages (ProfilPIOV1-3 with VNomEff) nor 'ProfilPIO'",
      );
    if (mpptLow === undefined || mpptHigh === undefined)
      throw new EquipmentFileError(fileName, "the converter has one efficiency curve and no 'VMppMin' and 'VMPPMax'");
    const vMid = (mpptLow + mpptHigh) / 2;
    const points = profilePoints(single);
    const three = (['Vmin', 'Vnom', 'Vmax'] as const).flatMap((l) => points.map(() => l));
    // Three copies of the one curve, 1 V apart, give slopes of 0: C1 = C2 = C3 = 0.
    fit = fitSandiaInverter(
      {
        acPower: Float64Array.from([...points, ...points, ...points].map((p) => p[1])),
        dcPower: Float64Array.from([...points, ...points, ...points].map((p) => p[0])),
        dcVoltage: Float64Array.from(three.map((l) => vMid + (l === 'Vmin' ? -1 : l === 'Vmax' ? 1 : 0))),
        dcVoltageLevel: three,
      },
      { pAc0: paco, pNt: pnt },
    );
    fit = { ...fit, c1: 0, c2: 0, c3: 0 };
    curveVoltages = [vMid];
  }
  const commercial = block(ond, 'PVObject_Commercial');
  const result: OndSandiaInverter = { ...fit, pNomConv, curveVoltages };
  const pNomDc = optionalNumber(converter, 'PNomDC');
  const idcmax = optionalNumber(converter, 'IMaxDC');
  const optional: Partial<OndSandiaInverter> = {
    vac: optionalNumber(converter, 'VOutConv'),
    vdcmax: optionalNumber(converter, 'VAbsMax'),
    idcmax: idcmax !== undefined && idcmax > 0 ? idcmax : undefined,
    mpptLow,
    mpptHigh,
    manufacturer: optionalText(commercial, 'Manufacturer'),
    model: optionalText(commercial, 'Model'),
    pMaxOut,
    pNomDc: pNomDc !== undefined ? pNomDc * 1000 : undefined,
    mpptInputs: optionalNumber(ond, 'NbMPPT'),
    efficiencyMax: optionalNumber(converter, 'EfficMax'),
    efficiencyEuro: optionalNumber(converter, 'EfficEuro'),
  };
  for (const [k, v] of Object.entries(optional))
    if (v !== undefined) (result as unknown as Record<string, unknown>)[k] = v;
  return result;
}
