/**
 * The PV chain of simulatePv and sitePvPower as it was before the model chain (src/power/site.ts at
 * commit e2b41b7, frozen here): bench/suites/chain.bench.ts times it beside today's simulatePv,
 * which runs through src/chain, so the cost of the chain is measured in one run (issue 31: at most
 * 10 % CPU over a PVWatts year). Not used by the library.
 */
import { infiniteSheds } from '../src/bifacial/index.js';
import { chainIrradiance, type PvWeatherInput, periodOf, sunAtPeriodMiddle } from '../src/power/chain-common.js';
import { SECONDS_PER_YEAR } from '../src/power/conventions.js';
import { pvwattsDc, pvwattsInverter } from '../src/power/pvwatts.js';
import type { PvSystemChainConfig } from '../src/power/site.js';
import { sapmCellTemperature } from '../src/power/temperature.js';
import type { Column } from '../src/util/columns.js';

/** pvSystemChain of e2b41b7: the power column only is returned (the rest is the same work). */
export function pvSystemChainBefore(weather: PvWeatherInput, c: PvSystemChainConfig) {
  const t = weather.unixSeconds;
  const n = t.length;
  const period = periodOf(t, c.periodSeconds);
  const { sun, middle } = sunAtPeriodMiddle(t, period, c.latitude, c.longitude, c.elevation, weather.airTemp);
  const albedo: Column = weather.albedo ?? c.albedo;
  let mount = c.mount;
  if ('tracker' in mount && c.smartTracking)
    mount = { tracker: { ...mount.tracker, diffuseStow: { dni: weather.dni } } };

  const front = chainIrradiance(weather, sun, middle, mount, albedo);
  const { poaGlobal, effective, surfaceTilt, surfaceAzimuth } = front;
  const bifacial = c.bifacial;
  if (bifacial !== undefined) {
    // The rear side adds bifaciality x rear irradiance (net of racking shade) from infinite
    // sheds; the front stays the Perez plane of array of a monofacial system, so a bifacial site
    // never gives less than the same site with monofacial modules.
    const sheds = infiniteSheds(
      {
        solarZenith: sun.apparentZenith,
        solarAzimuth: sun.azimuth,
        surfaceTilt,
        surfaceAzimuth,
        ghi: weather.ghi,
        dhi: weather.dhi,
        dni: weather.dni,
      },
      {
        gcr: bifacial.gcr,
        height: bifacial.height,
        pitch: bifacial.width / bifacial.gcr,
        albedo,
        bifaciality: bifacial.bifaciality,
      },
    );
    for (let i = 0; i < n; i++) {
      const rear = sheds.poaGlobal[i]! - sheds.poaFront[i]!;
      if (rear > 0) effective[i] = effective[i]! + rear;
    }
  }

  const soilingByMonth = c.soilingByMonth;
  // The calendar month of each period's middle, looked up once per month (a Date per row was a
  // tenth of a year's chain).
  let monthStart = Number.NaN;
  let monthEnd = Number.NaN;
  let month = 0;
  for (let i = 0; i < n; i++) {
    const e = effective[i]!;
    const ms = middle[i]! * 1000;
    if (!(ms >= monthStart && ms < monthEnd)) {
      const d = new Date(ms);
      month = d.getUTCMonth();
      monthStart = Date.UTC(d.getUTCFullYear(), month, 1);
      monthEnd = Date.UTC(d.getUTCFullYear(), month + 1, 1);
    }
    // NaN (missing weather) stays NaN.
    effective[i] = e === e ? (e > 0 ? e : 0) * (1 - soilingByMonth[month]!) : e;
  }

  const tempCell = sapmCellTemperature(
    { poaGlobal, airTemp: weather.airTemp, windSpeed: weather.windSpeed },
    { mounting: c.temperatureMounting },
  );
  const dc = pvwattsDc({ effectiveIrradiance: effective, tempCell }, { pdc0: c.pdc0, gammaPdc: c.gammaPdc });

  const ageRate = c.ageRate;
  const other = 1 - c.otherLosses;
  const install = c.installDate;
  for (let i = 0; i < n; i++) {
    let ageFactor = 1;
    if (install !== undefined) {
      const years = (middle[i]! - install) / SECONDS_PER_YEAR;
      ageFactor = 1 - ageRate * (years > 0 ? years : 0);
      if (ageFactor < 0) ageFactor = 0;
    }
    const p = dc[i]! * ageFactor * other;
    dc[i] = p > 0 ? p : p === p ? 0 : p;
  }

  const etaNom = c.etaInvNom;
  const power = pvwattsInverter(dc, { pdc0: c.acCapacity / etaNom, etaInvNom: etaNom });
  const ceiling = c.exportLimit < c.acCapacity ? c.exportLimit : c.acCapacity;
  for (let i = 0; i < n; i++) if (power[i]! > ceiling) power[i] = ceiling;
  return {
    power,
    poaGlobal,
    effectiveIrradiance: effective,
    tempCell,
    dcPower: dc,
    trackerTheta: front.trackerTheta,
    sun,
    poaDirect: front.poaDirect,
    poaDiffuse: front.poaDiffuse,
    surfaceTilt,
    surfaceAzimuth,
    periodSeconds: period,
  };
}
