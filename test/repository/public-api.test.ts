/**
 * The calling convention of docs/DESIGN.md ("Conventions of the core"), checked on every function
 * the two public entries export (src/index.ts, src/node/index.ts), as TypeScript sees their
 * declared signatures (each overload on its own):
 *
 *   - at most three declared parameters: inputs, options, out;
 *   - a parameter named `out` comes last (so no options after it);
 *   - no parameter that takes a bare number beyond the second (a number whose meaning only the
 *     doc tells): a third input is named in an object;
 *   - at most two positional inputs: a third parameter is `options` or `out`.
 *
 * The test prints the list of every exported function with its parameter names, so that a reader
 * sees the surface in one place (the API report, etc/*.api.md, has the types).
 */
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const ENTRIES = { solarkit: 'src/index.ts', 'solarkit/node': 'src/node/index.ts' } as const;

/**
 * The only exceptions, each an instant helper of two or three plain values that stays positional
 * by the convention's own words. Key: `function/parameter`.
 */
const POSITIONAL_NUMBERS_ALLOWED = new Set([
  // sunPosition(date, latitude, longitude): the one-instant form, as suncalc's getPosition; the
  // place with its air goes by name in the second form sunPosition(date, { latitude, ... }).
  'sunPosition/longitude',
]);

interface Listed {
  entry: string;
  name: string;
  parameters: { name: string; optional: boolean; takesNumber: boolean }[];
}

function program(): ts.Program {
  const configPath = resolve(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return ts.createProgram(
    Object.values(ENTRIES).map((f) => resolve(root, f)),
    { ...parsed.options, noEmit: true },
  );
}

/** Whether a value of this type may be a number (number itself, a number literal, or a union with one). */
function takesNumber(type: ts.Type): boolean {
  if (type.isUnion()) return type.types.some(takesNumber);
  return (type.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) !== 0;
}

function exportedFunctions(): Listed[] {
  const p = program();
  const checker = p.getTypeChecker();
  const listed: Listed[] = [];
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const source = p.getSourceFile(resolve(root, file));
    if (!source) throw new Error(`${file} is not in the program`);
    const moduleSymbol = checker.getSymbolAtLocation(source)!;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable))) continue;
      const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
      if (!declaration) continue;
      const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
      // Overloads: the visible signatures only (the implementation's is not callable).
      for (const signature of type.getCallSignatures()) {
        listed.push({
          entry,
          name: exported.name,
          parameters: signature.getParameters().map((parameter) => {
            const d = parameter.valueDeclaration as ts.ParameterDeclaration | undefined;
            const parameterType = checker.getTypeOfSymbolAtLocation(parameter, d ?? declaration);
            return {
              name: parameter.name,
              optional: d !== undefined && (d.questionToken !== undefined || d.initializer !== undefined),
              takesNumber: takesNumber(checker.getNonNullableType(parameterType)),
            };
          }),
        });
      }
    }
  }
  return listed.sort((a, b) => a.entry.localeCompare(b.entry) || a.name.localeCompare(b.name));
}

/** The breaches of the convention by one signature, as sentences. */
function breaches(f: Listed): string[] {
  const found: string[] = [];
  const names = f.parameters.map((p) => p.name);
  if (names.length > 3) found.push(`declares ${names.length} parameters (at most 3: inputs, options, out)`);
  const out = names.indexOf('out');
  if (out >= 0 && out !== names.length - 1)
    found.push(`'out' is not last (${names.slice(out + 1).join(', ')} after it)`);
  f.parameters.forEach((p, i) => {
    const allowed = POSITIONAL_NUMBERS_ALLOWED.has(`${f.name}/${p.name}`);
    if (i >= 2 && p.takesNumber && p.name !== 'out' && !allowed) {
      found.push(`parameter ${i + 1} '${p.name}' takes a bare number (name it in an object)`);
    } else if (i >= 2 && p.name !== 'out' && p.name !== 'options' && !allowed) {
      found.push(`parameter ${i + 1} '${p.name}' is a third positional input (name it in an object or in options)`);
    }
  });
  return found;
}

describe('the public API follows one calling convention', () => {
  const all = exportedFunctions();

  it('lists every exported function of solarkit and solarkit/node with its parameter names', () => {
    const lines = all.map(
      (f) => `${f.entry}  ${f.name}(${f.parameters.map((p) => p.name + (p.optional ? '?' : '')).join(', ')})`,
    );
    console.log(`${lines.length} exported signatures:\n${lines.join('\n')}`);
    expect(all.map((f) => f.name)).toEqual(
      expect.arrayContaining(['erbs', 'sunPosition', 'solarPositionSpa', 'simulatePv']),
    );
  });

  it('has no function with more than three parameters, out before options, a bare number or a third positional input beyond the second', () => {
    const problems = all.flatMap((f) => breaches(f).map((b) => `${f.entry} ${f.name}: ${b}`));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('keeps the allow-list honest: each exception names a parameter that exists', () => {
    for (const key of POSITIONAL_NUMBERS_ALLOWED) {
      const [name, parameter] = key.split('/');
      expect(
        all.some((f) => f.name === name && f.parameters.some((p) => p.name === parameter)),
        key,
      ).toBe(true);
    }
  });

  it('reports each kind of breach (the check itself can fail)', () => {
    const p = (name: string, takes = false) => ({ name, optional: false, takesNumber: takes });
    expect(breaches({ entry: 'x', name: 'f', parameters: [p('a'), p('b'), p('c'), p('d')] })).toContain(
      'declares 4 parameters (at most 3: inputs, options, out)',
    );
    expect(breaches({ entry: 'x', name: 'f', parameters: [p('input'), p('out'), p('options')] })).toHaveLength(1);
    expect(breaches({ entry: 'x', name: 'f', parameters: [p('x', true), p('y', true), p('n', true)] })).toHaveLength(1);
    expect(breaches({ entry: 'x', name: 'f', parameters: [p('values'), p('from'), p('to')] })).toHaveLength(1);
    expect(breaches({ entry: 'x', name: 'f', parameters: [p('text'), p('zone'), p('options')] })).toEqual([]);
    expect(
      breaches({ entry: 'x', name: 'sunPosition', parameters: [p('date'), p('latitude', true), p('longitude', true)] }),
    ).toEqual([]);
  });
});
