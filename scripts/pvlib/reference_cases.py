"""
What the generators of fixtures/reference/*.json (scripts/pvlib/<name>.py) share: the pvlib
revision a fixture names as its source, a column of numbers for JSON (NaN as null), a case in the
schema of fixtures/reference/README.md, and the writing of the file. Imported by the scripts
beside it (Python puts a script's own directory first on sys.path), so every script still runs as

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/<name>.py
"""
import json
import os
import subprocess

import numpy as np
import pvlib

PVLIB_DIR = os.path.dirname(os.path.dirname(os.path.abspath(pvlib.__file__)))


def pvlib_revision():
    """'git <commit>' of the pvlib source tree, else 'version <pvlib.__version__>'."""
    # A source tree without .git (an archive of the repository) names its commit this way.
    if os.environ.get('PVLIB_REVISION'):
        return f"git {os.environ['PVLIB_REVISION']}"
    try:
        rev = subprocess.run(['git', '-C', PVLIB_DIR, 'rev-parse', '--short', 'HEAD'],
                             capture_output=True, text=True, check=True).stdout.strip()
        return f'git {rev}'
    except Exception:
        return f'version {pvlib.__version__}'


def column(x):
    """A list for JSON (a scalar as one value), NaN and infinities as null."""
    return [None if not np.isfinite(v) else float(v) for v in np.atleast_1d(np.asarray(x, dtype=float))]


def column_no_inf(x):
    """A list for JSON, NaN as null; an infinity is an error (no case is meant to give one)."""
    a = np.asarray(x, dtype=float)
    assert not np.isinf(a).any(), 'an infinity cannot be written as JSON'
    return [None if np.isnan(v) else float(v) for v in a]


def case(function, inputs, expected, **params):
    """A case of the schema: params.function names the pvlib function, the other params its arguments."""
    return {'params': {'function': function, **params}, 'inputs': {k: column(v) for k, v in inputs.items()},
            'expected': {k: column(v) for k, v in expected.items()}}


def write_json(path, data, **dump):
    """The fixture as one line of JSON and a newline (keyword arguments go to json.dump)."""
    with open(path, 'w') as f:
        json.dump(data, f, separators=(', ', ': '), **dump)
        f.write('\n')
