"""
Peer calls of the transpositions bench suite (bench/suites/transpositions.bench.ts) for
bench/peer/pvlib_peer.py: the sky-diffuse functions pvlib.irradiance.klucher, reindl, king and
perez_driesse on the suite's columns, as ndarrays and as pandas Series (built outside the timed
call), the plane's tilt and azimuth as numbers, each with pvlib's defaults except
return_components where the suite asks for the parts (params.returnComponents).
"""


def sky_diffuse_case(fn, cols, params):
    import warnings

    import pandas as pd
    from pvlib import irradiance

    p = params
    names = ("solarZenith", "solarAzimuth", "dni", "ghi", "dhi", "dniExtra", "airmass")
    arrays = {k: cols[k] for k in names if k in cols}
    index = pd.RangeIndex(len(arrays["solarZenith"]))
    series = {k: pd.Series(v, index=index) for k, v in arrays.items()}
    tilt, azimuth = p["surfaceTilt"], p["surfaceAzimuth"]
    parts = bool(p.get("returnComponents", False))

    def call(x):
        if fn == "klucher":
            return lambda: irradiance.klucher(tilt, azimuth, x["dhi"], x["ghi"], x["solarZenith"], x["solarAzimuth"])
        if fn == "reindl":
            return lambda: irradiance.reindl(tilt, azimuth, x["dhi"], x["dni"], x["ghi"], x["dniExtra"],
                                             x["solarZenith"], x["solarAzimuth"], return_components=parts)
        if fn == "king":
            def king():
                # pvlib deprecates king from 0.16: its warning is not what is timed.
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    return irradiance.king(tilt, x["dhi"], x["ghi"], x["solarZenith"])
            return king
        if fn == "perez_driesse":
            return lambda: irradiance.perez_driesse(tilt, azimuth, x["dhi"], x["dni"], x["dniExtra"],
                                                    x["solarZenith"], x["solarAzimuth"], airmass=x.get("airmass"),
                                                    return_components=parts)
        raise ValueError(f"unknown sky-diffuse model {fn}")

    return {"pandas": call(series), "ndarray": call(arrays)}
