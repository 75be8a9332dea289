/**
 * The reference-value file schema of fixtures/reference/README.md:
 * { source, description, cases: { name: { params, inputs: {col: [...]}, expected: {col: [...]} } } }
 * `null` in an expected column means the reference returned NaN there.
 */
export interface ReferenceCase {
  params: Record<string, unknown>;
  inputs: Record<string, (number | null)[]>;
  expected: Record<string, (number | null)[]>;
}

export interface ReferenceFile {
  source: string;
  description: string;
  cases: Record<string, ReferenceCase>;
}

/** A tolerance: a value passes when |error| <= abs, or when |error| <= rel * |expected|. */
export interface Tolerance {
  abs: number;
  rel?: number;
  /** For angles that wrap (azimuth): the error is taken modulo this period. */
  period?: number;
}

/** The tolerances of the reference README. */
export const TOLERANCE = {
  /** Angles: 1e-6 degree. */
  angle: { abs: 1e-6 },
  /** Azimuths: 1e-6 degree, with 0 and 360 the same direction. */
  azimuth: { abs: 1e-6, period: 360 },
  /** Irradiance, power, temperature, air mass and other physical values: 1e-6 relative, or 1e-6 absolute near zero. */
  value: { abs: 1e-6, rel: 1e-6 },
  /** Soiling ratios and loss fractions: 1e-9. */
  soiling: { abs: 1e-9 },
  /** The fast (interpolated) solar position: 1e-3 degree. */
  fastAngle: { abs: 1e-3 },
  fastAzimuth: { abs: 1e-3, period: 360 },
} as const satisfies Record<string, Tolerance>;

/** The columns a handler computed, by the expected column names. */
export type ComputedColumns = Record<string, ArrayLike<number>>;

/**
 * A handler computes one family of cases with a core function. Several handlers may match one
 * case (for example exact and fast solar position); each is reported as its own line.
 */
export interface CaseHandler {
  /** Short name shown in reports, e.g. "spa" or "spa-fast". */
  variant: string;
  /** Whether this handler computes the case, from the file stem (e.g. "soiling") and case name. */
  matches(fileStem: string, caseName: string, refCase: ReferenceCase): boolean;
  /** Compute the expected columns from the case's inputs and params. */
  run(refCase: ReferenceCase): ComputedColumns;
  /** Tolerance per expected column; columns not listed use `defaultTolerance`. */
  tolerances?: Record<string, Tolerance>;
  defaultTolerance: Tolerance;
  /**
   * A documented deviation from the reference: when set, the report names it. Use only with a
   * published reason (a different constant, a bug fix in the reference), never to hide a bug.
   */
  deviation?: string;
}
