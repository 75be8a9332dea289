"""
The public modelling functions of pvlib-python: the rows of docs/pvlib.md. Writes
fixtures/pvlib-functions.json (the sorted list and the pvlib revision it was made from), which
test/repository/pvlib-table.test.ts holds the table to.

    PYTHONPATH=/path/to/pvlib-python [PVLIB_REVISION=<commit>] /usr/bin/python3 scripts/pvlib/list_functions.py

The selection rule (docs/pvlib.md states the same):

1. Every module and subpackage of the `pvlib` package (pkgutil.walk_packages), except
   - `pvlib.iotools` (its downloaders, `get_*`, and its file readers: input/output, not models),
   - `pvlib.spa` (the internal steps of the SPA; its public doors are pvlib.solarposition's
     `spa_python`, `sun_rise_set_transit_spa` and `nrel_earthsun_distance`),
   - `pvlib.tools` (degree trigonometry and pandas helpers), `pvlib.version`, `pvlib._deprecation`,
     `pvlib.spa_c_files` (a build of the C SPA) and private modules (a name part starting with `_`),
     and the test packages.
2. In each module, every function and class whose name does not start with `_` and that the module
   itself defines (`obj.__module__` is that module or, for a package, one of its submodules), so
   names a module imports from elsewhere (numpy, pandas, another pvlib module) are not counted twice.
3. Deprecated names are dropped: those whose docstring opens with pvlib's `.. deprecated::` notice
   (pvlib._deprecation.deprecated puts it first; a notice further down deprecates one parameter), such as `irradiance.king` and the alias
   `irradiance.ghi_from_poa_driesse_2023`.
4. A name reachable under several modules (pvlib.spectrum re-exports pvlib.spectrum.mismatch's
   functions) is listed once, under its shortest dotted path.
"""
import importlib
import inspect
import json
import os
import pkgutil
import subprocess
import warnings

import pvlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', '..', 'fixtures', 'pvlib-functions.json')
PVLIB_DIR = os.path.dirname(os.path.dirname(os.path.abspath(pvlib.__file__)))

EXCLUDED = ('pvlib.iotools', 'pvlib.spa', 'pvlib.tools', 'pvlib.version', 'pvlib.spa_c_files')


def pvlib_revision():
    if os.environ.get('PVLIB_REVISION'):
        return f"git {os.environ['PVLIB_REVISION']}"
    try:
        rev = subprocess.run(['git', '-C', PVLIB_DIR, 'rev-parse', '--short', 'HEAD'],
                             capture_output=True, text=True, check=True).stdout.strip()
        return f'git {rev} (version {pvlib.__version__})'
    except Exception:
        return f'version {pvlib.__version__}'


def excluded(name):
    parts = name.split('.')
    if any(p.startswith('_') for p in parts) or 'tests' in parts:
        return True
    return any(name == e or name.startswith(e + '.') for e in EXCLUDED)


def deprecated(obj):
    # The decorator puts the notice first; a notice further down deprecates a parameter or an
    # attribute (infinite_sheds' npoints, Location's pytz), not the name.
    return (obj.__doc__ or '').lstrip().startswith('.. deprecated::')


def modules():
    names = ['pvlib'] + [m.name for m in pkgutil.walk_packages(pvlib.__path__, 'pvlib.')]
    for name in sorted(set(names)):
        if name == 'pvlib' or excluded(name):
            continue
        yield name, importlib.import_module(name)


def main():
    best = {}  # id(object) -> (dotted path, kind)
    for modname, mod in modules():
        for name, obj in vars(mod).items():
            if name.startswith('_'):
                continue
            kind = 'class' if inspect.isclass(obj) else 'function' if inspect.isfunction(obj) else None
            if kind is None:
                continue
            home = getattr(obj, '__module__', '') or ''
            if not (home == modname or home.startswith(modname + '.')):
                continue
            if excluded(home) or deprecated(obj):
                continue
            path = f'{modname}.{name}'
            previous = best.get(id(obj))
            if previous is None or (path.count('.'), path) < (previous[0].count('.'), previous[0]):
                best[id(obj)] = (path, kind)
    rows = sorted(best.values())
    listing = {
        'source': f'pvlib-python {pvlib_revision()}, listed by scripts/pvlib/list_functions.py',
        'rule': 'public functions and classes of pvlib modules except iotools, spa, tools, version; '
                'deprecated names dropped; one row per object under its shortest dotted path',
        'count': len(rows),
        'functions': [{'name': p[len('pvlib.'):], 'kind': k} for p, k in rows],
    }
    with open(OUT, 'w') as f:
        json.dump(listing, f, indent=1)
        f.write('\n')
    print(len(rows), 'names written to', os.path.relpath(OUT))


if __name__ == '__main__':
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        main()
