"""
Peer calls of the clear-sky bench suite (bench/suites/clearsky.bench.ts) for bench/peer/pvlib_peer.py:
pvlib.clearsky.bird and pvlib.clearsky.detect_clearsky on the suite's columns, built as pandas
objects (and ndarrays where pvlib takes them) outside the timed call.
"""


def clearsky_case(fn, cols, params):
    import warnings

    import numpy as np
    import pandas as pd
    from pvlib import clearsky

    idx = pd.DatetimeIndex(pd.to_datetime(cols["unixSeconds"], unit="s", utc=True))
    if fn == "bird":
        p = params
        arrays = (cols["zenith"], cols["airmassRelative"])
        series = tuple(pd.Series(a, index=idx) for a in arrays)

        def call(z, am):
            return lambda: clearsky.bird(z, am, p["aod380"], p["aod500"], p["precipitableWater"],
                                         p["ozone"], p["pressure"], p["dniExtra"])

        return {"pandas": call(*series), "ndarray": call(*arrays)}
    if fn == "detect_clearsky":
        measured = pd.Series(cols["measured"], index=idx)
        clear = pd.Series(cols["clearsky"], index=idx)
        kwargs = {"infer_limits": bool(params.get("inferLimits", False))}
        if "windowLength" in params:
            kwargs["window_length"] = params["windowLength"]

        def detect(m, c):
            def call():
                with warnings.catch_warnings(), np.errstate(all="ignore"):
                    warnings.simplefilter("ignore", RuntimeWarning)
                    return clearsky.detect_clearsky(m, c, times=idx, **kwargs)
            return call

        return {"pandas": detect(measured, clear), "ndarray": detect(cols["measured"], cols["clearsky"])}
    raise ValueError(f"unknown clear-sky peer function {fn}")
