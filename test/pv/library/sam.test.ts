import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EquipmentFileError } from '../../../src/pv/library/errors.js';
import { parseSamLibrary, samProductKey } from '../../../src/pv/library/sam.js';
import { parseCsvRecords } from '../../../src/util/csv-records.js';

// SAM's header lines, with made-up rows under them.
const INVERTER_HEADER = [
  'Name,Vac,Pso,Paco,Pdco,Vdco,C0,C1,C2,C3,Pnt,Vdcmax,Idcmax,Mppt_low,Mppt_high,CEC_Date,CEC_Type',
  'Units,V,W,W,W,V,1/W,1/V,1/V,1/V,W,V,A,V,V,,',
  '[0],inv_snl_ac_voltage,inv_snl_pso,inv_snl_paco,inv_snl_pdco,inv_snl_vdco,inv_snl_c0,inv_snl_c1,inv_snl_c2,inv_snl_c3,inv_snl_pnt,inv_snl_vdcmax,inv_snl_idcmax,inv_snl_mppt_low,inv_snl_mppt_hi,inv_cec_date,inv_cec_type',
];
const ROW_A =
  'ABB: MICRO-0.25-I-OUTD-US-208 [208V],208,2.1,250,259.6,40,-0.00004,-0.00009,0.0005,-0.013,0.075000,50,6.5,30,50,n/a,Utility Interactive';
const ROW_B =
  '"Northern Electric & Power Co., Ltd: BDM-300-208A [208V]",208,1.5,300,310,36,-1e-5,2E-4,0.001,-0.002,0.1,60,10,22,55,,Utility Interactive';

const ADR_TEXT = [
  'Name,Manufacturer,Model,Source,Vac,Vintage,Pacmax,Pnom,Vnom,Vmin,Vmax,ADRCoefficients,Pnt,Vdcmax,Idcmax,MPPTLow,MPPTHi,TambLow,TambHi,Weight,PacFitErrMax,YearOfData',
  'Units,[],[],[],V,year,W,W,V,V,V,1/V,W,V,A,V,V,C,C,kg,,',
  '[0],inv_adr_manufacturer,inv_adr_model,inv_adr_source,inv_adr_vac,inv_adr_vintage,inv_adr_pacmax,inv_adr_pnom,inv_adr_vnom,inv_adr_vmin,inv_adr_vmax,inv_adr_adrcoeff,inv_adr_pnt,inv_adr_vdcmax,inv_adr_idcmax,inv_adr_mpptlow,inv_adr_mppthi,inv_adr_tamblow,inv_adr_tambhi,inv_adr_weight,,',
  'Beacon: M4 PLUS 120V [CEC 2006],Beacon,M4 PLUS,CEC,120,2006,4000,4560,54,46,58,"[ 0.0111  0.0169  0.0933  0.4844 -3.163  1.8413  0.4218 -2.8817',
  '  1.64 ]",14,110,100,50,85,-20,50,120,,2013.0',
  '"Ablerex Electronics Co., Ltd.: ES 2200-US-240 (240 Vac) 240V [CEC 2011]","Ablerex Electronics Co., Ltd.",ES 2200-US-240 (240 Vac),CEC,240,2011,2110,2200,396,155,413,[ 0.0138  0.0152   0.0079  0.0029 -0.0187 -0.0131  0.       0.       0.     ],0.25,500,14.6,150,450,-25,50,51,,2013.0',
].join('\n');

describe('parseCsvRecords', () => {
  it('reads quoted commas, doubled quotes and line breaks inside quotes, with the start line of each record', () => {
    const records = parseCsvRecords('a,"b,c","say ""hi"""\r\n\r\n"x\ny",2\nlast,\n');
    expect(records).toEqual([
      { fields: ['a', 'b,c', 'say "hi"'], line: 1 },
      { fields: ['x\ny', '2'], line: 3 },
      { fields: ['last', ''], line: 5 },
    ]);
  });
});

describe('samProductKey', () => {
  it("turns pvlib's twelve characters into '_' and keeps every other one", () => {
    expect(samProductKey('Canadian Solar CS5P-220M [ 2009]')).toBe('Canadian_Solar_CS5P_220M___2009_');
    expect(samProductKey('a-b.c(d)e[f]g:h+i/j"k,l m')).toBe('a_b_c_d_e_f_g_h_i_j_k_l_m');
    // pvlib keeps these (its keys 'Shell_Solar_SQ70_<12V>__2003__E__', 'Yes!_Solar__ES3000__208V_').
    expect(samProductKey('Shell Solar SQ70 <12V> (2003) E ')).toBe('Shell_Solar_SQ70_<12V>__2003__E_');
    expect(samProductKey('Yes! Solar & Co*=?')).toBe('Yes!_Solar_&_Co*=?');
  });
  it('throws a TypeError for a non-string', () => {
    expect(() => samProductKey(3 as unknown as string)).toThrow(/samProductKey: name must be a string/);
  });
});

describe('parseSamLibrary', () => {
  const text = [...INVERTER_HEADER, ROW_A, ROW_B].join('\n');
  const inverters = parseSamLibrary(text, { fileName: 'inv.csv', kind: 'cec-inverters' });

  it('tells the kind from the columns and reads typed Sandia inverter parameters', () => {
    expect(parseSamLibrary(text).kind).toBe('cec-inverters');
    expect(inverters.size).toBe(2);
    expect(inverters.fileName).toBe('inv.csv');
    expect(inverters.columns[0]).toBe('Vac');
    expect(inverters.units[2]).toBe('W');
    const a = inverters.get('ABB__MICRO_0_25_I_OUTD_US_208__208V_');
    expect(a).toMatchObject({
      paco: 250,
      pdco: 259.6,
      vdco: 40,
      pso: 2.1,
      c0: -0.00004,
      c1: -0.00009,
      c2: 0.0005,
      c3: -0.013,
      pnt: 0.075,
      vac: 208,
      vdcmax: 50,
      idcmax: 6.5,
      mpptLow: 30,
      mpptHigh: 50,
      name: 'ABB: MICRO-0.25-I-OUTD-US-208 [208V]',
      line: 4,
    });
    expect(a.fields.CEC_Date).toBeNaN();
    expect(a.fields.CEC_Type).toBe('Utility Interactive');
    expect(inverters.get(ROW_B.split('"')[1]!).c1).toBe(2e-4);
  });

  it("finds an entry by pvlib's key, by the library's name and by the looser all-'_' form", () => {
    const byName = inverters.get('Northern Electric & Power Co., Ltd: BDM-300-208A [208V]');
    expect(inverters.keys()).toEqual([
      'ABB__MICRO_0_25_I_OUTD_US_208__208V_',
      'Northern_Electric_&_Power_Co___Ltd__BDM_300_208A__208V_',
    ]);
    expect(inverters.get('Northern_Electric_&_Power_Co___Ltd__BDM_300_208A__208V_')).toBe(byName);
    expect(inverters.get('Northern_Electric___Power_Co___Ltd__BDM_300_208A__208V_')).toBe(byName);
    expect(inverters.has('ABB  MICRO 0 25 I OUTD US 208  208V ')).toBe(true);
    expect(inverters.find('nothing')).toBeUndefined();
    expect(inverters.names()).toEqual([ROW_A.split(',')[0], ROW_B.split('"')[1]]);
  });

  it('throws a RangeError naming the closest keys for an unknown name', () => {
    expect(() => inverters.get('ABB MICRO-0.25-I-OUTD-US-240')).toThrow(RangeError);
    expect(() => inverters.get('ABB MICRO-0.25-I-OUTD-US-240')).toThrow(
      /no module or inverter "ABB MICRO-0.25-I-OUTD-US-240" in inv.csv \(2 rows\); closest keys: "ABB__MICRO_0_25_I_OUTD_US_208__208V_"/,
    );
  });

  it('keeps rows whose keys coincide, as pvlib, and asks for the full name', () => {
    const lib = parseSamLibrary([...INVERTER_HEADER, ROW_A, ROW_A.replace('ABB: MICRO', 'ABB  MICRO')].join('\n'));
    expect(lib.size).toBe(2);
    expect(lib.duplicateKeys).toEqual(['ABB__MICRO_0_25_I_OUTD_US_208__208V_']);
    expect(() => lib.get('ABB__MICRO_0_25_I_OUTD_US_208__208V_')).toThrow(/matches 2 rows of \(text\) \(lines 4, 5/);
    expect(lib.get('ABB  MICRO-0.25-I-OUTD-US-208 [208V]').line).toBe(5);
  });

  it('reads the ADR list cell, also where it spans lines, and counts lines for the rows after it', () => {
    const adr = parseSamLibrary(ADR_TEXT, { kind: 'adr-inverters' });
    const beacon = adr.get('Beacon__M4_PLUS_120V__CEC_2006_');
    expect(beacon.adrCoefficients).toEqual([0.0111, 0.0169, 0.0933, 0.4844, -3.163, 1.8413, 0.4218, -2.8817, 1.64]);
    expect(beacon).toMatchObject({ pnom: 4560, vnom: 54, vmin: 46, vmax: 58, pacmax: 4000, pnt: 14, vdcmax: 110 });
    const ablerex = adr.get('Ablerex Electronics Co., Ltd.: ES 2200-US-240 (240 Vac) 240V [CEC 2011]');
    expect(ablerex.line).toBe(6);
    expect(ablerex.key).toBe('Ablerex_Electronics_Co___Ltd___ES_2200_US_240__240_Vac__240V__CEC_2011_');
    expect(ablerex.adrCoefficients).toEqual([0.0138, 0.0152, 0.0079, 0.0029, -0.0187, -0.0131, 0, 0, 0]);
    expect(ablerex.fields.Manufacturer).toBe('Ablerex Electronics Co., Ltd.');
  });

  it('reads the synthetic CEC module library of fixtures/pv', () => {
    const text = readFileSync(resolve(__dirname, '../../../fixtures/pv/cec-modules-synthetic.csv'), 'utf8');
    const lib = parseSamLibrary(text, { kind: 'cec-modules', fileName: 'cec-modules-synthetic.csv' });
    expect(lib.size).toBe(4);
    // pvlib's tests' CS5P-220M set (tests/conftest.py cec_module_cs5p_220m).
    expect(lib.get('Canadian_Solar_CS5P_220M')).toMatchObject({
      alphaSc: 0.004539,
      aRef: 2.6373,
      iLRef: 5.114,
      iORef: 8.196e-10,
      rS: 1.065,
      rShRef: 381.68,
      adjust: 8.7,
      betaOc: -0.22216,
      gammaR: -0.476,
      nS: 96,
      tNoct: 42.4,
      aC: 1.7,
      iScRef: 5.1,
      vOcRef: 59.4,
      iMpRef: 4.69,
      vMpRef: 46.9,
      technology: 'Mono-c-Si',
      bifacial: false,
    });
    expect(lib.get('First Solar FS-495').technology).toBe('CdTe');
    const example = lib.get('Example Solar, Inc. EX-400 "Bifacial" [2021]');
    expect(example.key).toBe('Example_Solar__Inc__EX_400__Bifacial___2021_');
    expect(example.bifacial).toBe(true);
    expect(example.fields.Version).toBe('SAM 2021.12.2');
  });

  it('reads bytes: UTF-8 with a byte-order mark, and Latin-1', () => {
    const text = [...INVERTER_HEADER, ROW_A.replace('ABB', 'ABBé')].join('\r\n');
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(parseSamLibrary(utf8).names()[0]).toMatch(/^ABBé: /);
    const latin1 = Uint8Array.from(text, (c) => c.charCodeAt(0));
    expect(parseSamLibrary(latin1).names()[0]).toMatch(/^ABBé: /);
  });

  it('names the file, the line and the column of a malformed row', () => {
    const short = [...INVERTER_HEADER, ROW_A, ROW_A.split(',').slice(0, 10).join(',')].join('\n');
    expect(() => parseSamLibrary(short, { fileName: 'short.csv' })).toThrow(EquipmentFileError);
    expect(() => parseSamLibrary(short, { fileName: 'short.csv' })).toThrow(
      "short.csv, line 5, column 11: the row has 10 fields, the header 17 (column 'Pnt' is missing)",
    );
    const word = [...INVERTER_HEADER, ROW_B, ROW_A.replace('259.6', 'about 260')].join('\n');
    let error: EquipmentFileError | undefined;
    try {
      parseSamLibrary(word, { fileName: 'word.csv' });
    } catch (e) {
      error = e as EquipmentFileError;
    }
    expect(error).toBeInstanceOf(RangeError);
    expect(error?.message).toBe('word.csv, line 5, column 5 (Pdco): expected a number, got "about 260"');
    expect([error?.file, error?.line, error?.column]).toEqual(['word.csv', 5, 5]);
    const list = ADR_TEXT.replace('0.0138  0.0152', '0.0138  x');
    expect(() => parseSamLibrary(list, { fileName: 'adr.csv' })).toThrow(
      /^adr.csv, line 6, column 12 \(ADRCoefficients\): expected a bracketed list of numbers/,
    );
  });

  it('reads a blank required number as NaN, as pvlib', () => {
    const blank = [...INVERTER_HEADER, ROW_A.replace(',-0.00004,', ',,')].join('\n');
    expect(parseSamLibrary(blank, { kind: 'cec-inverters' }).get('ABB__MICRO_0_25_I_OUTD_US_208__208V_').c0).toBeNaN();
  });

  it('refuses a text that is not a SAM library, or not the kind asked for, naming the file', () => {
    const spectra =
      'ASTM G173-03 Reference Spectra,,,\nwavelength,extraterrestrial,global,direct\n280,0.082,4.7e-23,2.5e-26\n';
    expect(() => parseSamLibrary(spectra, { fileName: 'ASTMG173.csv' })).toThrow(
      /^ASTMG173.csv, line 1: not a SAM library CSV: its first cell is "ASTM G173-03 Reference Spectra", not 'Name'/,
    );
    const noVariables = [INVERTER_HEADER[0], INVERTER_HEADER[1], ROW_A].join('\n');
    expect(() => parseSamLibrary(noVariables, { fileName: 'two-headers.csv' })).toThrow(
      /^two-headers.csv, line 3, column 1: not a SAM library CSV: the third header line/,
    );
    const inverterText = [...INVERTER_HEADER, ROW_A].join('\n');
    expect(() => parseSamLibrary(inverterText, { kind: 'sandia-modules', fileName: 'inv.csv' })).toThrow(
      "inv.csv, line 1: not a SAM Sandia module library (SandiaMod): it has no column 'Isco'",
    );
    expect(() => parseSamLibrary('Name,Foo\nUnits,\n[0],foo\nx,1\n', { fileName: 'foo.csv' })).toThrow(
      /^foo.csv, line 1: not a SAM library CSV: its columns \(Foo, \.\.\.\) are none of/,
    );
    expect(() => parseSamLibrary('', { fileName: 'empty.csv' })).toThrow(/^empty.csv, line 1: not a SAM library CSV/);
  });

  it('checks its arguments', () => {
    expect(() => parseSamLibrary(3 as unknown as string)).toThrow(TypeError);
    expect(() => parseSamLibrary('', { kind: 'modules' as 'cec-modules' })).toThrow(/parseSamLibrary: options.kind/);
  });
});
