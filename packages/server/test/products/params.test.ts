import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeName, normalizeQuery, parseParams, splitList, type ParamDef } from '../../src/products/params.js';

const defs: ParamDef[] = [
  { name: 'latitude', type: 'number', required: true, minimum: -90, maximum: 90, description: '' },
  {
    name: 'capacity',
    type: 'number',
    exclusiveMinimum: 0,
    required: true,
    description: '',
    missingError: { code: 'GreaterThan', message: "'capacity' must be greater than '0'." },
  },
  {
    name: 'output_parameters',
    type: 'enum[]',
    enum: ['ghi', 'dni', 'air_temp'],
    default: ['air_temp'],
    description: '',
  },
  { name: 'manual_wash_dates', type: 'string[]', aliases: ['manual_washdates'], description: '' },
  { name: 'hours', type: 'integer', minimum: 1, maximum: 168, default: 24, description: '' },
  {
    name: 'array_type',
    type: 'enum',
    enum: ['fixed', 'horizontal_single_axis'],
    enumErrorCode: 'Predicate',
    enumMessage: "The specified condition was not met for 'array_type'.",
    description: '',
  },
  { name: 'terrain_shading', type: 'boolean', default: false, description: '' },
];

describe('parameter names', () => {
  it('match case-insensitively with or without underscores', () => {
    for (const n of ['output_parameters', 'outputParameters', 'OutputParameters', 'OUTPUT_PARAMETERS']) {
      expect(normalizeName(n)).toBe('outputparameters');
    }
    expect(normalizeName('pm2.5')).toBe(normalizeName('pm2_5'));
  });

  it('accept manual_washdates as an alias', () => {
    const { values } = parseParams(
      defs,
      normalizeQuery({ latitude: '1', capacity: '1', manual_washdates: '2024-01-01' }),
    );
    expect(values.manual_wash_dates).toEqual(['2024-01-01']);
  });
});

describe('list parameters', () => {
  it('read repeated keys, comma-joined values and the bracketed Python form alike', () => {
    expect(splitList(['ghi', 'dni'])).toEqual(['ghi', 'dni']);
    expect(splitList(['ghi,dni'])).toEqual(['ghi', 'dni']);
    expect(splitList(["['ghi','dni']"])).toEqual(['ghi', 'dni']);
    expect(splitList(['["ghi", "dni"]'])).toEqual(['ghi', 'dni']);
  });

  it('keep the order the caller gave', () => {
    const { values } = parseParams(
      defs,
      normalizeQuery({ latitude: '1', capacity: '2', outputParameters: ['dni', 'air_temp', 'ghi'] }),
    );
    expect(values.output_parameters).toEqual(['dni', 'air_temp', 'ghi']);
  });

  it('property: any split of a list into repeated keys and commas gives the same list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('ghi', 'dni', 'air_temp'), { minLength: 1, maxLength: 6 }),
        fc.nat(5),
        (list, cut) => {
          const k = Math.min(cut, list.length);
          const raw = [list.slice(0, k).join(','), list.slice(k).join(',')].filter((s) => s !== '');
          expect(splitList(raw)).toEqual(list);
        },
      ),
    );
  });
});

describe('validation', () => {
  it('reports a missing capacity with the literal message clients compare', () => {
    const { errors } = parseParams(defs, normalizeQuery({ latitude: '1' }));
    expect(errors).toEqual([
      { error_code: 'GreaterThan', field_name: 'capacity', message: "'capacity' must be greater than '0'.", meta: {} },
    ]);
  });

  it('reports a non-positive capacity with the same message', () => {
    const { errors } = parseParams(defs, normalizeQuery({ latitude: '1', capacity: '0' }));
    expect(errors[0]!.message).toBe("'capacity' must be greater than '0'.");
  });

  it('reports an unknown array_type with the literal message clients compare', () => {
    const { errors } = parseParams(defs, normalizeQuery({ latitude: '1', capacity: '1', array_type: 'dual_axis' }));
    expect(errors[0]).toMatchObject({
      error_code: 'Predicate',
      field_name: 'array_type',
      message: "The specified condition was not met for 'array_type'.",
    });
  });

  it('fills defaults and types values', () => {
    const { values, errors } = parseParams(
      defs,
      normalizeQuery({ latitude: '-33.5', capacity: '5', terrainShading: 'TRUE' }),
    );
    expect(errors).toEqual([]);
    expect(values).toMatchObject({
      latitude: -33.5,
      capacity: 5,
      hours: 24,
      output_parameters: ['air_temp'],
      terrain_shading: true,
    });
  });

  it('lists every error, not only the first', () => {
    const { errors } = parseParams(
      defs,
      normalizeQuery({ latitude: 'north', capacity: '-1', hours: '1.5', output_parameters: 'ghi,foo' }),
    );
    expect(errors.map((e) => e.field_name)).toEqual(['latitude', 'capacity', 'output_parameters', 'hours']);
  });

  it('refuses numbers JavaScript would accept but the API does not', () => {
    for (const bad of ['', ' ', '0x10', 'Infinity', 'NaN', '1e999', '1,5', '--1']) {
      const { errors } = parseParams(defs, normalizeQuery({ latitude: bad, capacity: '1' }));
      expect(errors.length, bad).toBe(1);
    }
  });

  it('property: any number in range is accepted as is, any out of range refused', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (x) => {
        const { values, errors } = parseParams(defs, normalizeQuery({ latitude: String(x), capacity: '1' }));
        if (x >= -90 && x <= 90) expect(values.latitude === x).toBe(true);
        else expect(errors[0]!.error_code).toBe('InclusiveBetween');
      }),
    );
  });
});
