// A TypeDoc plugin for the API reference (`npm run docs`, typedoc.json): it names the two entries
// by their import paths and sorts every exported name into the model family of the folder it is
// declared in, so that the reference reads like the source tree (docs/DESIGN.md, "Layout")
// without a `@category` tag in each doc comment. A name whose comment has its own `@category`
// keeps it.
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc';

/** The entries' module names as TypeDoc derives them from the paths, and their import paths. */
const ENTRY_NAMES = new Map([
  ['index', 'solarkit'],
  ['node', 'solarkit/node'],
]);

/**
 * Family of a source file, by its path under src/ (longest prefix first); a path no prefix
 * matches falls back to the folder name. The order of the reference is typedoc.json's
 * categoryOrder.
 */
const FAMILIES = [
  ['weather/readers/', 'Weather files'],
  ['time/', 'Time'],
  ['solar/', 'Solar position'],
  ['atmosphere/', 'Atmosphere and clear sky'],
  ['irradiance/', 'Irradiance'],
  ['spectrum/', 'Spectrum'],
  ['tracking/', 'Tracking'],
  ['bifacial/', 'Bifacial'],
  ['terrain/', 'Terrain and shading'],
  ['shading/', 'Row shading'],
  ['snow/', 'Snow'],
  ['soiling/', 'Soiling'],
  ['power/wind', 'Wind power'],
  ['power/', 'PV power'],
  ['pv/', 'Modules and inverters'],
  ['weather/', 'Synthetic weather'],
  ['tmy/', 'Typical year'],
  ['util/', 'Columns and output'],
  ['node/data-dir', 'Data directory'],
  ['node/elevation', 'Elevation and terrain files'],
  ['node/climate-grids', 'Climate grids'],
  ['node/weather-files', 'Weather files on disk'],
  ['node/fleet', 'Fleets'],
  ['node/spectra', 'Spectrum'],
];

/** @param {string} file a source path as TypeDoc records it */
function familyOf(file) {
  const normalized = file.replace(/\\/g, '/');
  const at = normalized.lastIndexOf('src/');
  if (at < 0) return undefined;
  const path = normalized.slice(at + 4);
  for (const [prefix, family] of FAMILIES) if (path.startsWith(prefix)) return family;
  const slash = path.indexOf('/');
  return slash > 0 ? path.slice(0, slash) : undefined;
}

/** @param {import('typedoc').Reflection} reflection */
function hasCategory(reflection) {
  const comments = [reflection.comment, ...(reflection.signatures ?? []).map((s) => s.comment)];
  return comments.some((c) => c?.blockTags.some((t) => t.tag === '@category'));
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  /** @type {{ reflection: import('typedoc').Reflection, tag: CommentTag, created: boolean }[]} */
  let added = [];
  // Before the CategoryPlugin (RESOLVE_END at priority -200) builds the categories.
  app.converter.on(
    Converter.EVENT_RESOLVE_END,
    (context) => {
      for (const module of context.project.getChildrenByKind(ReflectionKind.Module)) {
        module.name = ENTRY_NAMES.get(module.name) ?? module.name;
        for (const child of module.children ?? []) {
          if (hasCategory(child)) continue;
          const file = child.sources?.[0]?.fullFileName ?? child.sources?.[0]?.fileName;
          const family = file === undefined ? undefined : familyOf(file);
          if (family === undefined) continue;
          const created = child.comment === undefined;
          child.comment ??= new Comment();
          const tag = new CommentTag('@category', [{ kind: 'text', text: family }]);
          child.comment.blockTags.push(tag);
          added.push({ reflection: child, tag, created });
        }
      }
    },
    100,
  );
  // After it: the tags go again, so that the validation of undocumented names (after the
  // conversion) sees each comment as the source wrote it.
  app.converter.on(
    Converter.EVENT_RESOLVE_END,
    () => {
      for (const { reflection, tag, created } of added) {
        if (created) reflection.comment = undefined;
        else reflection.comment?.blockTags.splice(reflection.comment.blockTags.indexOf(tag), 1);
      }
      added = [];
    },
    -300,
  );
}
