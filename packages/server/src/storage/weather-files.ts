/**
 * The server's view of the user's real weather files (contract section 8): the store of
 * src/node/weather-files.ts in a directory, re-read when another process (the `solarkit weather`
 * command) has changed it, with a generation number that the response cache
 * (http/response-cache.ts) compares so that no answer computed before an import or removal is
 * served after it.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  type InvalidWeatherFile,
  type StoredWeatherInfo,
  type WeatherFileStore,
  openWeatherStore,
} from 'solarkit/node';
import type { FilePlaceHint, WeatherSeries } from 'solarkit';
import { isPostgresUrl } from './location.js';

/**
 * Where imported weather files live: `explicit` (option or --weather-dir), else
 * `$SOLARKIT_WEATHER_DIR`, else `weather/` beside the database file. A database in memory or on a
 * PostgreSQL server has no directory: undefined (no store) unless one of the first two is given.
 */
export function weatherDirectoryOf(
  dbPath: string,
  explicit?: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const chosen = explicit ?? env.SOLARKIT_WEATHER_DIR;
  if (chosen !== undefined && chosen !== '') return resolve(chosen);
  if (dbPath === ':memory:' || dbPath === '' || isPostgresUrl(dbPath)) return undefined;
  return join(dirname(resolve(dbPath)), 'weather');
}

/** A weather store that notices changes made by other processes. */
export interface ServerWeatherStore {
  directory: string;
  /** Bumped whenever the stored files change (here or, once noticed, in another process). */
  generation(): number;
  /**
   * Re-reads the directory's listing (names, sizes, modification times) when `refreshMs` has
   * passed since the last look; reopens the store and bumps the generation when it changed.
   */
  refresh(): void;
  series(): WeatherSeries[];
  list(): StoredWeatherInfo[];
  /** Stored files that cannot be read back (skipped by `series` and `list`). */
  invalid(): InvalidWeatherFile[];
  importFile(path: string, hint?: FilePlaceHint): StoredWeatherInfo;
  remove(id: string): boolean;
}

function listing(directory: string): string {
  let names: string[];
  try {
    names = readdirSync(directory)
      .filter((f) => f.endsWith('.weather.json'))
      .sort();
  } catch {
    return '';
  }
  const parts: string[] = [];
  for (const name of names) {
    try {
      const s = statSync(join(directory, name));
      parts.push(`${name}:${s.size}:${s.mtimeMs}`);
    } catch {
      // removed between the listing and the stat: the next look sees it gone
    }
  }
  return parts.join('|');
}

/**
 * Opens the store in `directory` (created if missing). Another process's import is seen by the
 * first `refresh()` at least `refreshMs` (default 1000) after the previous look; changes made
 * through this object count at once. A stored file that cannot be read back is skipped and told to
 * `onInvalid` when the store reads it.
 */
export function watchWeatherStore(
  directory: string,
  refreshMs = 1000,
  onInvalid?: (problem: InvalidWeatherFile) => void,
): ServerWeatherStore {
  const open = (): WeatherFileStore => openWeatherStore(directory, onInvalid ? { onInvalid } : {});
  let store = open();
  let seen = listing(directory);
  let lastLook = Date.now();
  let gen = 0;
  const changed = (): void => {
    seen = listing(directory);
    lastLook = Date.now();
    gen++;
  };
  return {
    directory,
    generation: () => gen,
    refresh() {
      const now = Date.now();
      if (now - lastLook < refreshMs) return;
      lastLook = now;
      const current = listing(directory);
      if (current === seen) return;
      seen = current;
      // A fresh store: its series cache is empty, so the next series() reads the new files.
      store = open();
      gen++;
    },
    series: () => store.series(),
    list: () => store.list(),
    invalid: () => store.invalid(),
    importFile(path, hint) {
      const info = store.importFile(path, hint);
      changed();
      return info;
    },
    remove(id) {
      const ok = store.remove(id);
      if (ok) changed();
      return ok;
    },
  };
}
