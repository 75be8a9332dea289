"""
Peer timings for `npm run bench -- --peer`: pvlib-python's numpy paths on the very inputs of our
bench suites, so that the speed ratios are always measured in one run on one machine.

The bench harness (bench/run.ts) starts this script once and talks to it in JSON lines:

  harness -> {"op": "load", "case": NAME, "fn": FN, "dir": DIR, "columns": [..], "params": {..}}
  peer    -> {"ok": true, "variants": ["pandas", "ndarray"]}
  harness -> {"op": "time", "case": NAME, "variant": V, "runs": R}
  peer    -> {"ok": true, "cpu_seconds": [..R figures..]}
  harness -> {"op": "unload", "case": NAME}

Each column is a file DIR/<column>.f64 of little-endian doubles written by the harness from the
Float64Arrays our kernel reads. What is timed is one call of pvlib's public function as a user
makes it, by process CPU time (time.process_time: every thread of this process): the pandas
objects (Series indexed by a DatetimeIndex, or the DatetimeIndex itself) and the plain ndarrays are
built from the columns beforehand, outside the timed call, just as our inputs are built in the
suites' setup. Variants:

  pandas   inputs as pandas Series / DatetimeIndex (the usual call from a DataFrame)
  ndarray  inputs as numpy arrays, for the functions that accept them (often faster: no index
           alignment and no Series wrapping of the results)
  lambertw, newton, brentq   (singlediode) pvlib.pvsystem.singlediode by that method, on ndarrays

On start the script prints one line: {"available": true, "pvlib": ver, "numpy": .., "pandas": ..,
"python": .., "pvlib_revision": `git describe` and commit, for a git checkout} or
{"available": false, "reason": ..} when pvlib (or pandas) cannot be imported; the harness then
skips the peer figures and says so.

pvlib is found by a normal import, after putting $SOLARKIT_PVLIB_PATH (a pvlib-python checkout,
the folder that holds the `pvlib` package) first on sys.path when that variable is set.
"""

import json
import os
import subprocess
import sys
import time


def emit(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def checkout_revision(folder):
    """The git revision of a pvlib checkout, or None: a checkout without the package metadata
    reports its version as 0+unknown, and the figures should still say which pvlib they timed."""
    try:
        describe = subprocess.run(["git", "-C", folder, "describe", "--tags", "--always"],
                                  capture_output=True, text=True, timeout=10)
        commit = subprocess.run(["git", "-C", folder, "rev-parse", "HEAD"],
                                capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if describe.returncode != 0 or commit.returncode != 0:
        return None
    return f"{describe.stdout.strip()} ({commit.stdout.strip()})"


def start():
    path = os.environ.get("SOLARKIT_PVLIB_PATH")
    if path:
        sys.path.insert(0, path)
    try:
        import numpy as np  # noqa: F401
        import pandas as pd  # noqa: F401
        import pvlib  # noqa: F401
        from pvlib import irradiance, soiling, solarposition, tracking  # noqa: F401
    except Exception as err:  # any import failure means: no peer on this machine
        emit({"available": False, "reason": f"{type(err).__name__}: {err}"})
        return None
    import numpy as np
    import pandas as pd
    import pvlib

    version = getattr(pvlib, "__version__", "unknown")
    folder = os.path.dirname(os.path.dirname(os.path.abspath(pvlib.__file__)))
    info = {
        "available": True,
        "pvlib": version,
        "pvlib_path": folder,
        "numpy": np.__version__,
        "pandas": pd.__version__,
        "python": sys.version.split()[0],
    }
    revision = checkout_revision(folder)
    if revision is not None:
        info["pvlib_revision"] = revision
    emit(info)
    return True


def build_case(fn, cols, params):
    """The calls to time, by variant: each a function of no arguments."""
    import numpy as np
    import pandas as pd
    from pvlib import irradiance, soiling, solarposition, tracking

    def index_of(seconds):
        return pd.DatetimeIndex(pd.to_datetime(seconds, unit="s", utc=True))

    if fn == "spa_python":
        times = index_of(cols["unixSeconds"])
        p = params

        def spa():
            return solarposition.spa_python(
                times, p["latitude"], p["longitude"], altitude=p["elevation"],
                pressure=p["pressure"], temperature=p["temperature"],
                delta_t=None, how="numpy")

        return {"pandas": spa}

    if fn == "get_total_irradiance":
        idx = index_of(cols["times"])
        p = params
        names = ["solarZenith", "solarAzimuth", "dni", "ghi", "dhi", "dniExtra", "airmass",
                 "surfaceTilt", "surfaceAzimuth"]
        arrays = {k: (cols[k] if k in cols else p[k]) for k in names}
        series = {k: (pd.Series(v, index=idx) if isinstance(v, np.ndarray) else v)
                  for k, v in arrays.items()}

        def call(x):
            return lambda: irradiance.get_total_irradiance(
                x["surfaceTilt"], x["surfaceAzimuth"], x["solarZenith"], x["solarAzimuth"],
                x["dni"], x["ghi"], x["dhi"], dni_extra=x["dniExtra"], airmass=x["airmass"],
                albedo=p["albedo"], model=p["model"], model_perez=p["modelPerez"])

        return {"pandas": call(series), "ndarray": call(arrays)}

    if fn == "erbs":
        idx = index_of(cols["times"])
        ghi = cols["ghi"]
        zen = cols["zenith"]
        ghi_s = pd.Series(ghi, index=idx)
        zen_s = pd.Series(zen, index=idx)
        doy = np.asarray(idx.dayofyear, dtype="float64")
        return {
            "pandas": lambda: irradiance.erbs(ghi_s, zen_s, idx),
            # pvlib takes the day of year for arrays: computed here, outside the timed call.
            "ndarray": lambda: irradiance.erbs(ghi, zen, doy),
        }

    if fn in ("erbs_driesse", "orgill_hollands", "boland", "louche"):
        # The kt decompositions of the sky-models suite: times as a DatetimeIndex (pandas) or as the
        # day of year (ndarray), both built here outside the timed call.
        idx = index_of(cols["times"])
        ghi = cols["ghi"]
        zen = cols["zenith"]
        ghi_s = pd.Series(ghi, index=idx)
        zen_s = pd.Series(zen, index=idx)
        doy = np.asarray(idx.dayofyear, dtype="float64")
        f = getattr(irradiance, fn)
        return {"pandas": lambda: f(ghi_s, zen_s, idx), "ndarray": lambda: f(ghi, zen, doy)}

    if fn == "campbell_norman":
        zen = cols["zenith"]
        zen_s = pd.Series(zen)
        tau = params["transmittance"]
        return {"pandas": lambda: irradiance.campbell_norman(zen_s, tau),
                "ndarray": lambda: irradiance.campbell_norman(zen, tau)}

    if fn == "dni":
        ghi, dhi, zen, clear = (cols[k] for k in ("ghi", "dhi", "zenith", "dniClear"))
        # pandas only: with arrays, pvlib's clear-sky cap assigns a whole array into the masked rows.
        series = [pd.Series(x) for x in (ghi, dhi, zen, clear)]
        return {"pandas": lambda: irradiance.dni(*series[:3], dni_clear=series[3])}

    if fn == "complete_irradiance":
        zen_s, ghi_s, dhi_s, clear_s = (pd.Series(cols[k]) for k in ("zenith", "ghi", "dhi", "dniClear"))
        return {"pandas": lambda: irradiance.complete_irradiance(zen_s, ghi=ghi_s, dhi=dhi_s, dni_clear=clear_s)}

    if fn == "dirindex":
        idx = index_of(cols["times"])
        s = {k: pd.Series(cols[k], index=idx) for k in ("ghi", "ghiClear", "dniClear", "zenith")}
        return {"pandas": lambda: irradiance.dirindex(s["ghi"], s["ghiClear"], s["dniClear"], s["zenith"], idx)}

    if fn == "gti_dirint":
        import warnings

        idx = index_of(cols["times"])
        s = {k: pd.Series(cols[k], index=idx) for k in ("poaGlobal", "aoi", "zenith", "solarAzimuth")}

        def gti():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return irradiance.gti_dirint(s["poaGlobal"], s["aoi"], s["zenith"], s["solarAzimuth"], idx,
                                             params["surfaceTilt"], params["surfaceAzimuth"])

        return {"pandas": gti}

    if fn == "ghi_from_poa_driesse_2024":
        p = params
        zen, az, poa, extra = (cols[k] for k in ("zenith", "solarAzimuth", "poaGlobal", "dniExtra"))
        return {"ndarray": lambda: irradiance.ghi_from_poa_driesse_2024(
            p["surfaceTilt"], p["surfaceAzimuth"], zen, az, poa, extra)}

    if fn == "singleaxis":
        p = params
        zen = cols["apparentZenith"]
        az = cols["solarAzimuth"]
        idx = pd.RangeIndex(len(zen))
        zen_s = pd.Series(zen, index=idx)
        az_s = pd.Series(az, index=idx)

        def call(z, a):
            return lambda: tracking.singleaxis(
                z, a, axis_tilt=p["axisTilt"], axis_azimuth=p["axisAzimuth"],
                max_angle=p["maxAngle"], backtrack=p["backtrack"], gcr=p["gcr"],
                cross_axis_tilt=p["crossAxisTilt"])

        return {"pandas": call(zen_s, az_s), "ndarray": call(zen, az)}

    if fn == "hsu":
        p = params
        idx = index_of(cols["unixSeconds"])
        rain = pd.Series(cols["rainfall"], index=idx)
        pm25 = pd.Series(cols["pm2_5"], index=idx)
        pm10 = pd.Series(cols["pm10"], index=idx)
        period = pd.Timedelta(seconds=p["rainAccumPeriod"])

        def hsu():
            return soiling.hsu(rain, p["cleaningThreshold"], p["surfaceTilt"], pm25, pm10,
                               rain_accum_period=period)

        return {"pandas": hsu}

    if fn == "kimber":
        idx = index_of(cols["unixSeconds"])
        rain = pd.Series(cols["rainfall"], index=idx)
        return {"pandas": lambda: soiling.kimber(rain)}

    if fn in ("sapm", "sandia", "adr"):
        return parameter_sets_case(fn, cols)
    if fn in SOLAR_EXTRAS:
        return solar_extras_case(fn, cols, params)
    if fn == "singlediode":
        # The five parameters as ndarrays (pvlib accepts them; a Series index would only add
        # alignment); one variant per method named in params.methods.
        from pvlib import pvsystem

        args = (cols["photocurrent"], cols["saturationCurrent"], cols["resistanceSeries"],
                cols["resistanceShunt"], cols["nNsVth"])

        def solve(method):
            def call():
                with np.errstate(all="ignore"):
                    return pvsystem.singlediode(*args, method=method)
            return call

        return {m: solve(m) for m in params.get("methods", "lambertw").split(",")}
    if fn == "modelchain":
        return model_chain_case(params)

    if fn in ("bird", "detect_clearsky"):
        from clearsky_peer import clearsky_case  # bench/peer/clearsky_peer.py, beside this script

        return clearsky_case(fn, cols, params)
    if fn in ("iam", "spectral_factor", "spectrl2", "mismatch"):
        return iam_spectrum_case(fn, cols, params)

    if fn in SHADING_SNOW_TEMPERATURE:
        return shading_snow_temperature_case(fn, cols, params)
    if fn in ("klucher", "reindl", "king", "perez_driesse"):
        from sky_diffuse_peer import sky_diffuse_case  # bench/peer/sky_diffuse_peer.py, beside this script

        return sky_diffuse_case(fn, cols, params)
    raise ValueError(f"unknown peer function {fn}")


SHADING_SNOW_TEMPERATURE = ("projected_solar_zenith_angle", "shaded_fraction1d", "masking_angle_passias",
                            "direct_martinez", "power_mismatch_deline", "coverage_nrel", "prilliman",
                            "faiman_rad", "generic_linear")


def shading_snow_temperature_case(fn, cols, params):
    """pvlib.shading, pvlib.bifacial.power_mismatch_deline, pvlib.snow.coverage_nrel and
    pvlib.temperature's newer models on the columns of bench/suites/shading-snow-temperature.bench.ts
    (camelCase names as our kernels take them)."""
    import warnings

    import numpy as np
    import pandas as pd
    from pvlib import shading, snow, temperature
    from pvlib.bifacial import power_mismatch_deline

    p = params
    index = (pd.DatetimeIndex(pd.to_datetime(cols["unixSeconds"], unit="s", utc=True))
             if "unixSeconds" in cols else pd.RangeIndex(len(next(iter(cols.values())))))

    def both(call, names):
        arrays = [cols[k] for k in names]
        series = [pd.Series(a, index=index) for a in arrays]
        return {"pandas": lambda: call(*series), "ndarray": lambda: call(*arrays)}

    if fn == "projected_solar_zenith_angle":
        return both(lambda z, a: shading.projected_solar_zenith_angle(z, a, p["axisTilt"], p["axisAzimuth"]),
                    ["solarZenith", "solarAzimuth"])
    if fn == "shaded_fraction1d":
        return both(lambda z, a, r: shading.shaded_fraction1d(
            z, a, p["axisAzimuth"], r, collector_width=p["collectorWidth"], pitch=p["pitch"],
            axis_tilt=p["axisTilt"], surface_to_axis_offset=p["surfaceToAxisOffset"],
            cross_axis_slope=p["crossAxisSlope"]), ["solarZenith", "solarAzimuth", "shadedRowRotation"])
    if fn == "masking_angle_passias":
        return both(lambda t: shading.masking_angle_passias(t, p["gcr"]), ["surfaceTilt"])
    if fn == "direct_martinez":
        return both(lambda g, d, f, b: shading.direct_martinez(g, d, f, b, p["totalBlocks"]),
                    ["poaGlobal", "poaDirect", "shadedFraction", "shadedBlocks"])
    if fn == "power_mismatch_deline":
        return both(lambda r: power_mismatch_deline(r), ["rmad"])
    if fn == "coverage_nrel":
        s = {k: pd.Series(cols[k], index=index) for k in ("snowfall", "poaIrradiance", "airTemp", "snowDepth")}
        return {"pandas": lambda: snow.coverage_nrel(s["snowfall"], s["poaIrradiance"], s["airTemp"],
                                                     p["surfaceTilt"], snow_depth=s["snowDepth"])}
    if fn == "prilliman":
        t = pd.Series(cols["tempCell"], index=index)
        w = pd.Series(cols["windSpeed"], index=index)

        def call():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return temperature.prilliman(t, w)
        return {"pandas": call}
    if fn == "faiman_rad":
        return both(lambda e, ta, ws, ir: temperature.faiman_rad(e, ta, ws, ir, u0=p["u0"], u1=p["u1"]),
                    ["poaGlobal", "airTemp", "windSpeed", "irDown"])
    if fn == "generic_linear":
        return both(lambda e, ta, ws: temperature.generic_linear(
            e, ta, ws, p["uConst"], p["duWind"], p["moduleEfficiency"], p["absorptance"]),
            ["poaGlobal", "airTemp", "windSpeed"])
    raise ValueError(f"unknown peer function {fn}")


def iam_spectrum_case(fn, cols, params):
    """pvlib.iam and pvlib.spectrum (issue 31): the function named in params, on ndarrays."""
    import numpy as np
    import pandas as pd
    from pvlib import iam, spectrum

    def value(v):
        # Lists travel as comma-separated strings (params hold numbers, strings and booleans).
        return [float(t) for t in v.split(",")] if isinstance(v, str) and "," in v else v

    kw = {k: value(v) for k, v in params.items() if k != "function"}
    if fn == "iam":
        f = getattr(iam, params["function"])
        if params["function"] == "marion_diffuse":
            model = kw.pop("model")
            return {"ndarray": lambda: f(model, cols["surface_tilt"], **kw)}
        if params["function"] == "interp":
            theta, iam_ref = kw.pop("theta_ref"), kw.pop("iam_ref")
            return {"ndarray": lambda: f(cols["aoi"], theta, iam_ref, **kw)}
        arg = cols["aoi"] if "aoi" in cols else cols["surface_tilt"]
        return {"ndarray": lambda: f(arg, **kw)}
    if fn == "spectral_factor":
        f = getattr(spectrum, params["function"])
        return {"ndarray": lambda: f(**cols, **kw)}
    if fn == "spectrl2":
        c = cols
        return {"ndarray": lambda: spectrum.spectrl2(
            c["apparent_zenith"], c["aoi"], kw["surface_tilt"], kw["ground_albedo"], c["surface_pressure"],
            c["relative_airmass"], c["precipitable_water"], c["ozone"], c["aerosol_turbidity_500nm"],
            dayofyear=c["dayofyear"])}
    wavelength = cols["wavelength"]
    e_sun = pd.DataFrame(np.column_stack([cols[f"e_sun_{j}"] for j in range(wavelength.size)]), columns=wavelength)
    sr = pd.Series(cols["sr"], index=cols["sr_wavelength"])
    e_ref = pd.Series(cols["e_ref"], index=wavelength)
    return {"pandas": lambda: spectrum.calc_spectral_mismatch_field(sr, e_sun, e_ref)}
SOLAR_EXTRAS = ("declination_spencer71", "equation_of_time_spencer71", "hour_angle",
                "solar_zenith_analytical", "solar_azimuth_analytical", "sun_rise_set_transit_geometric",
                "sun_rise_set_transit_spa", "nrel_earthsun_distance", "get_extra_radiation", "ephemeris")


def solar_extras_case(fn, cols, params):
    """pvlib.solarposition's extras (bench/suites/solar-extras.bench.ts). Day-of-year and angle
    functions take ndarrays (pvlib's analytical functions take radians: converted here, outside the
    timed call); the functions of times take a DatetimeIndex in the fixed-offset zone of
    params.utcOffsetSeconds (pvlib requires localized times)."""
    import datetime as dt

    import numpy as np
    import pandas as pd
    from pvlib import irradiance, solarposition

    def local_index(seconds):
        zone = dt.timezone(dt.timedelta(seconds=params.get("utcOffsetSeconds", 0)))
        return pd.DatetimeIndex(pd.to_datetime(seconds, unit="s", utc=True)).tz_convert(zone)

    if fn == "declination_spencer71":
        doy = cols["dayOfYear"]
        return {"ndarray": lambda: solarposition.declination_spencer71(doy)}
    if fn == "equation_of_time_spencer71":
        doy = cols["dayOfYear"]
        return {"ndarray": lambda: solarposition.equation_of_time_spencer71(doy)}
    if fn == "hour_angle":
        times = local_index(cols["unixSeconds"])
        eot = cols["equationOfTime"]
        return {"pandas": lambda: solarposition.hour_angle(times, params["longitude"], eot)}
    if fn in ("solar_zenith_analytical", "solar_azimuth_analytical"):
        lat = np.radians(params["latitude"])
        ha = np.radians(cols["hourAngle"])
        dec = np.radians(cols["declination"])
        if fn == "solar_zenith_analytical":
            return {"ndarray": lambda: solarposition.solar_zenith_analytical(lat, ha, dec)}
        zen = np.radians(cols["zenith"])
        return {"ndarray": lambda: solarposition.solar_azimuth_analytical(lat, ha, dec, zen)}
    if fn == "sun_rise_set_transit_geometric":
        times = local_index(cols["unixSeconds"])
        dec = np.radians(cols["declination"])
        eot = cols["equationOfTime"]
        return {"pandas": lambda: solarposition.sun_rise_set_transit_geometric(
            times, params["latitude"], params["longitude"], dec, eot)}
    if fn == "sun_rise_set_transit_spa":
        times = local_index(cols["unixSeconds"])
        return {"pandas": lambda: solarposition.sun_rise_set_transit_spa(
            times, params["latitude"], params["longitude"], delta_t=params["deltaT"])}
    if fn == "nrel_earthsun_distance":
        times = pd.DatetimeIndex(pd.to_datetime(cols["unixSeconds"], unit="s", utc=True))
        return {"pandas": lambda: solarposition.nrel_earthsun_distance(times, delta_t=params["deltaT"])}
    if fn == "get_extra_radiation":
        times = pd.DatetimeIndex(pd.to_datetime(cols["unixSeconds"], unit="s", utc=True))
        return {"pandas": lambda: irradiance.get_extra_radiation(
            times, method=params["method"], delta_t=params["deltaT"])}
    if fn == "ephemeris":
        times = pd.DatetimeIndex(pd.to_datetime(cols["unixSeconds"], unit="s", utc=True))
        return {"pandas": lambda: solarposition.ephemeris(times, params["latitude"], params["longitude"])}
    raise ValueError(f"unknown solar extra {fn}")


def parameter_sets_case(fn, cols):
    """pvlib's sapm, inverter.sandia and inverter.adr over many parameter sets (one value per set in
    the columns `module.<name>`, `inverter.<name>`, `adr.<k>`) on the same series: one call per
    parameter set with ndarray inputs and a dict of the set's parameters, as a user scanning a
    library calls it (variant `loop`). Broadcasting the parameters as (sets x 1) columns against the
    series in one call was measured slower for sapm (1.21 s against 0.21 s of CPU for 8760 x 1000:
    the temporaries of 8.76e6 doubles leave the caches), and inverter.sandia and inverter.adr do not
    accept parameter arrays (the night tare is assigned through a mask, ADRCoefficients is one list).
    """
    from pvlib import inverter, pvsystem

    prefix = "module." if fn == "sapm" else "inverter."
    names = [k[len(prefix):] for k in cols if k.startswith(prefix)]
    sets = len(cols[prefix + names[0]])
    per_set = [{n: float(cols[prefix + n][s]) for n in names} for s in range(sets)]
    if fn == "sapm":
        ee, tc = cols["effectiveIrradiance"], cols["tempCell"]

        def loop_sapm():
            for m in per_set:
                pvsystem.sapm(ee, tc, m)

        return {"loop": loop_sapm}
    v, p = cols["vDc"], cols["pDc"]
    if fn == "sandia":
        def loop_sandia():
            for inv in per_set:
                inverter.sandia(v, p, inv)

        return {"loop": loop_sandia}
    for s, inv in enumerate(per_set):
        inv["ADRCoefficients"] = [float(cols[f"adr.{k}"][s]) for k in range(9)]

    def loop_adr():
        for inv in per_set:
            inverter.adr(v, p, inv)

    return {"loop": loop_adr}


def model_chain_case(params):
    """pvlib's ModelChain on one of docs/model-chains.md's worked examples (params.example:
    east_west_roof or monitored_plant, params.dataDir: the data directory), built as
    scripts/pvlib/model_chains_example.py builds it (the system, the location and the prepared
    weather or POA, outside the timed call); what is timed is ModelChain.run_model (the roof, from
    weather) or ModelChain.run_model_from_poa (the plant), as a user runs a prepared chain; for the
    tracker field (params.example tracker_field) the shading and rear-side steps that pvlib's
    ModelChain lacks run from the weather inside the timed call, then run_model_from_effective_irradiance."""
    import warnings

    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "..", "scripts", "pvlib"))
    import model_chains_example as examples

    warnings.simplefilter("ignore")
    if params["example"] == "tracker_field":
        # pvlib's ModelChain has no row shade nor rear side: the shaded fraction, the plane of
        # array and infinite sheds run before it from the weather, and are timed with it.
        chain, _, _ = examples.tracker_field_chain(params["dataDir"])
        weather = chain_weather = examples.pvlib.iotools.read_tmy3(
            os.path.join(params["dataDir"], "weather", "723170TYA.CSV"), map_variables=True)[0]
        weather = chain_weather[["ghi", "dni", "dhi", "temp_air", "wind_speed"]].copy()
        weather.index = weather.index - examples.pd.Timedelta(minutes=30)
        location = chain.location

        def run_tracker_field():
            c, prepared, _ = examples.tracker_field_from_weather(weather, location)
            c.run_model_from_effective_irradiance(prepared)

        return {"run_model": run_tracker_field}
    if params["example"] == "east_west_roof":
        chain, weather = examples.east_west_roof_chain(params["dataDir"])
        return {"run_model": lambda: chain.run_model(weather)}
    chain, prepared, _ = examples.monitored_plant_chain(params["dataDir"])
    return {"run_model": lambda: chain.run_model_from_poa(prepared)}


def serve():
    import numpy as np

    cases = {}
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        msg = json.loads(line)
        try:
            op = msg["op"]
            if op == "load":
                cols = {name: np.fromfile(os.path.join(msg["dir"], name + ".f64"), dtype="<f8")
                        for name in msg["columns"]}
                calls = build_case(msg["fn"], cols, msg.get("params", {}))
                # One untimed call per variant: imports, caches and first-call costs stay out.
                for f in calls.values():
                    f()
                cases[msg["case"]] = calls
                emit({"ok": True, "variants": sorted(calls)})
            elif op == "time":
                f = cases[msg["case"]][msg["variant"]]
                figures = []
                for _ in range(int(msg.get("runs", 1))):
                    t0 = time.process_time()
                    f()
                    figures.append(time.process_time() - t0)
                emit({"ok": True, "cpu_seconds": figures})
            elif op == "unload":
                cases.pop(msg["case"], None)
                emit({"ok": True})
            else:
                raise ValueError(f"unknown op {op}")
        except Exception as err:
            emit({"ok": False, "error": f"{type(err).__name__}: {err}"})


if __name__ == "__main__":
    if start():
        serve()
