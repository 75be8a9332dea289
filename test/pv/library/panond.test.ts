import { describe, expect, it } from 'vitest';
import { EquipmentFileError } from '../../../src/pv/library/errors.js';
import { ondToSandiaInverter, panToPvsystModule, parsePanond } from '../../../src/pv/library/panond.js';

// A made-up PAN in the layout of PVsyst 7 (the blocks and keys of the data directory's
// ET-M772BH550GL.PAN; the values are invented).
const PAN = `PVObject_=pvModule
  Version=7.2
  Flags=$00900243

  PVObject_Commercial=pvCommercial
    Comment=EXAMPLE PV
    Manufacturer=EXAMPLE PV
    Model=EX-M60-330
    Width=1.002
    Height=1.690
  End of PVObject pvCommercial

  Technol=mtSiPoly
  NCelS=60
  NCelP=1
  GRef=1000
  TRef=25.0
  PNom=330.0
  Isc=10.200
  Voc=41.30
  Imp=9.710
  Vmp=34.00
  muISC=5.10
  muVocSpec=-115.0
  muPmpReq=-0.370
  RShunt=450
  Rp_0=3000
  Rp_Exp=5.50
  RSerie=0.250
  Gamma=1.020
  muGamma=-0.0003

  PVObject_IAM=pvIAM
    IAMMode=UserProfile
    IAMProfile=TCubicProfile
      NPtsEff=3
      Point_1=0.0,1.00000
      Point_2=60.0,0.95000
      Point_3=90.0,0.00000
    End of TCubicProfile
  End of PVObject pvIAM
End of PVObject pvModule
`;

function ondText(curves: string, extra = ''): string {
  return `\ufeffPVObject_=pvGInverter
  Comment=Maker\tModel 1\tManufacturer 2020
  PVObject_Commercial=pvCommercial
    Manufacturer=Maker
    Model=Model 1
    Remarks, Count=2
      Str_1=Protection: -30 - +60, IP 66
      Str_2
    End of Remarks
  End of PVObject pvCommercial
  Converter=TConverter
    PNomConv=100.000
    PMaxOUT=110.000
    VOutConv=400.0
    VMppMin=200
    VMPPMax=800
    VAbsMax=1000
    IMaxDC=120.0
${curves}${extra}  End of TConverter
  NbMPPT=2
  Night_Loss=2.50
End of PVObject pvGInverter
`;
}

/** A TCubicProfile block of AC = eff DC - loss - k DC^2 at the given DC powers (W). */
function profile(name: string, eff: number, loss: number, k: number): string {
  const dc = [500, 10000, 25000, 50000, 75000, 100000, 115000];
  const points = dc.map((p, i) => `      Point_${i + 1}=${p.toFixed(1)},${(eff * p - loss - k * p * p).toFixed(3)}\n`);
  return `    ${name}=TCubicProfile\n      NPtsMax=11\n      NPtsEff=${dc.length}\n${points.join('')}      Point_8=0.0,0.0\n    End of TCubicProfile\n`;
}

describe('parsePanond', () => {
  it("nests the blocks as pvlib's read_panond, each block holding its own line's key and value", () => {
    const pan = parsePanond(PAN);
    const top = pan.PVObject_ as Record<string, unknown>;
    expect(Object.keys(pan)).toEqual(['PVObject_']);
    expect(top.PVObject_).toBe('pvModule');
    expect(top.Version).toBe(7.2);
    expect(top.Flags).toBe('$00900243');
    expect(top.PVObject_Commercial).toEqual({
      PVObject_Commercial: 'pvCommercial',
      Comment: 'EXAMPLE PV',
      Manufacturer: 'EXAMPLE PV',
      Model: 'EX-M60-330',
      Width: 1.002,
      Height: 1.69,
    });
    // The line closing a block belongs to the enclosing block, with a null value (no '=').
    expect(top['End of PVObject pvCommercial']).toBeNull();
    expect(top.NCelS).toBe(60);
    expect((top.PVObject_IAM as Record<string, unknown>).IAMProfile).toEqual({
      IAMProfile: 'TCubicProfile',
      NPtsEff: 3,
      Point_1: [0, 1],
      Point_2: [60, 0.95],
      Point_3: [90, 0],
    });
    // pvlib never reads the last line.
    expect(top).not.toHaveProperty('End of PVObject pvModule');
  });

  it('reads lists with their empty last item, text with tabs, keys without a value and a BOM', () => {
    const ond = parsePanond(ondText(`    VNomEff=300.0,500.0,700.0,\n    PInEffMax =1500.000\n`));
    const top = ond.PVObject_ as Record<string, any>;
    expect(top.Comment).toBe('Maker\tModel 1\tManufacturer 2020');
    expect(top.PVObject_Commercial['Remarks, Count']).toEqual({
      'Remarks, Count': 2,
      Str_1: ['Protection: -30 - +60', ' IP 66'],
      Str_2: null,
    });
    expect(top.Converter.VNomEff).toEqual([300, 500, 700, '']);
    expect(top.Converter.PInEffMax).toBe(1500);
    // pvlib's number rules: a '.' makes a float, none an int; '1e3' without '.' stays text.
    expect(parsePanond('PVObject_=x\n  A=1e3\n  B=1.5e3\n  C=-7\n  D=$0041\n  E=1.2.3\nEnd\n').PVObject_).toEqual({
      PVObject_: 'x',
      A: '1e3',
      B: 1500,
      C: -7,
      D: '$0041',
      E: '1.2.3',
    });
  });

  it('reads UTF-8 and Latin-1 bytes alike', () => {
    const text = 'PVObject_=pvModule\n  Comment=Temp. coeff. 0.05 %/\u00b0C\nEnd of PVObject pvModule\n';
    const utf8 = new TextEncoder().encode(text);
    const latin1 = Uint8Array.from(text, (c) => c.charCodeAt(0));
    expect(parsePanond(utf8)).toEqual(parsePanond(latin1));
    expect((parsePanond(latin1).PVObject_ as Record<string, unknown>).Comment).toBe('Temp. coeff. 0.05 %/°C');
  });

  it('names the file and line of an indentation that skips a level', () => {
    expect(() => parsePanond('PVObject_=pvModule\n      Deep=1\n  Next=2\nEnd\n', { fileName: 'bad.PAN' })).toThrow(
      'bad.PAN, line 2: not a PVsyst PAN or OND file: the line is indented 3 levels, deeper than its block (1)',
    );
    expect(() => parsePanond(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('panToPvsystModule', () => {
  const module = panToPvsystModule(parsePanond(PAN));

  it("maps the PAN's one-diode parameters to pvlib's calcparams_pvsyst names and units", () => {
    expect(module).toMatchObject({
      gammaRef: 1.02,
      muGamma: -0.0003,
      rShRef: 450,
      rSh0: 3000,
      rShExp: 5.5,
      rS: 0.25,
      cellsInSeries: 60,
      alphaSc: 5.1 / 1000, // the file's mA/K over 1000, as pvlib's users write it
      pNom: 330,
      iScRef: 10.2,
      vOcRef: 41.3,
      iMpRef: 9.71,
      vMpRef: 34,
      gRef: 1000,
      tRef: 25,
      manufacturer: 'EXAMPLE PV',
      model: 'EX-M60-330',
      technology: 'mtSiPoly',
      betaOc: -0.115,
      gammaPdc: -0.37,
      cellsInParallel: 1,
      width: 1.002,
      height: 1.69,
      iamAngles: [0, 60, 90],
      iamValues: [1, 0.95, 0],
    });
  });

  it('gives currents for which the one-diode equation holds at short and open circuit', () => {
    // fixtures/reference/equipment.json checks the values against pvlib; here the equation itself.
    const vth = (1.02 * 60 * 1.380649e-23 * 298.15) / 1.602176634e-19;
    const current = (v: number, i: number): number =>
      module.iLRef - module.iORef * Math.expm1((v + i * 0.25) / vth) - (v + i * 0.25) / 450;
    expect(current(0, 10.2)).toBeCloseTo(10.2, 12);
    expect(current(41.3, 0)).toBeCloseTo(0, 12);
    expect(module.iLRef).toBeGreaterThan(10.2);
  });

  it('refuses an OND file and names a missing parameter, with the file', () => {
    const ond = parsePanond(ondText(profile('ProfilPIO', 0.98, 300, 1e-7)));
    expect(() => panToPvsystModule(ond, { fileName: 'inverter.OND' })).toThrow(EquipmentFileError);
    expect(() => panToPvsystModule(ond, { fileName: 'inverter.OND' })).toThrow(
      /^inverter.OND, line 1: not a PVsyst PAN \(module\) file: its first object is "pvGInverter".*readOndFile/,
    );
    const noGamma = parsePanond(PAN.replace('  Gamma=1.020\n', ''));
    expect(() => panToPvsystModule(noGamma, { fileName: 'm.PAN' })).toThrow("m.PAN: the module has no 'Gamma'");
    const wordy = parsePanond(PAN.replace('RSerie=0.250', 'RSerie=low'));
    expect(() => panToPvsystModule(wordy, { fileName: 'm.PAN' })).toThrow(
      `m.PAN: the module's 'RSerie' is not a number ("low")`,
    );
    expect(() => panToPvsystModule({}, { fileName: 'empty.PAN' })).toThrow(/its first object is missing/);
  });
});

describe('ondToSandiaInverter', () => {
  const curves =
    '    VNomEff=300.0,500.0,700.0,\n' +
    profile('ProfilPIOV1', 0.975, 320, 1.2e-7) +
    profile('ProfilPIOV2', 0.982, 300, 1.0e-7) +
    profile('ProfilPIOV3', 0.989, 280, 0.8e-7);

  it("fits the three curves and keeps the OND's limits", () => {
    const inverter = ondToSandiaInverter(parsePanond(ondText(curves)));
    expect(inverter).toMatchObject({
      paco: 110000,
      pnt: 2.5,
      vdco: 500,
      vac: 400,
      vdcmax: 1000,
      idcmax: 120,
      mpptLow: 200,
      mpptHigh: 800,
      pNomConv: 100000,
      pMaxOut: 110000,
      mpptInputs: 2,
      manufacturer: 'Maker',
      model: 'Model 1',
      curveVoltages: [300, 500, 700],
    });
    // Efficiency, loss and curvature linear in voltage (300, 500, 700 V): C0 is the nominal curve's
    // -1e-7 /W and C3 the curvature's slope over it; Pso and Pdco, the intercepts of least-squares
    // lines through the three curves' roots at the levels' mean voltage, are the roots' means.
    expect(inverter.c0).toBeCloseTo(-1e-7, 12);
    expect(inverter.c3).toBeCloseTo(1e-10 / -1e-7, 6);
    const root = (eff: number, loss: number, k: number, pAc: number) =>
      (eff - Math.sqrt(eff * eff - 4 * k * (loss + pAc))) / (2 * k);
    const mean = (pAc: number) =>
      (root(0.975, 320, 1.2e-7, pAc) + root(0.982, 300, 1e-7, pAc) + root(0.989, 280, 0.8e-7, pAc)) / 3;
    // The file's AC powers have 3 decimals: the roots move by less than 1e-3 W.
    expect(inverter.pso).toBeCloseTo(mean(0), 2);
    expect(inverter.pdco).toBeCloseTo(mean(110000), 2);
    expect(inverter.c2 * inverter.pso).toBeCloseTo(
      (root(0.989, 280, 0.8e-7, 0) - root(0.975, 320, 1.2e-7, 0)) / 400,
      5,
    );
  });

  it("fits a single curve (older OND files) with no voltage dependence, at the MPPT window's middle", () => {
    const inverter = ondToSandiaInverter(parsePanond(ondText(profile('ProfilPIO', 0.98, 300, 1e-7))));
    expect(inverter).toMatchObject({ vdco: 500, c1: 0, c2: 0, c3: 0, curveVoltages: [500] });
    expect(inverter.c0).toBeCloseTo(-1e-7, 12);
  });

  it('uses PNomConv as Paco when the file has no PMaxOUT', () => {
    const inverter = ondToSandiaInverter(parsePanond(ondText(curves).replace('    PMaxOUT=110.000\n', '')));
    expect(inverter.paco).toBe(100000);
    expect(inverter.pMaxOut).toBeUndefined();
  });

  it('refuses a PAN file, and an OND without curves, naming the file', () => {
    expect(() => ondToSandiaInverter(parsePanond(PAN), { fileName: 'module.PAN' })).toThrow(
      /^module.PAN, line 1: not a PVsyst OND \(inverter\) file: its first object is "pvModule".*readPanFile/,
    );
    expect(() => ondToSandiaInverter(parsePanond(ondText('')), { fileName: 'bare.OND' })).toThrow(
      'bare.OND: the converter has neither efficiency curves at three voltages',
    );
  });
});
