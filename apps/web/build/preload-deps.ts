import type { ResolveModulePreloadDependenciesFn } from 'vite';

/**
 * For `build.modulePreload.resolveDependencies`. With each lazy import Vite lists every chunk
 * the imported module needs, for its preload helper to fetch at once. The chunks index.html
 * loads (the entry and its static imports) are always there before any lazy import runs, so
 * listing them again only adds bytes to each chunk that imports lazily: ≈ 2 KB gzip on the
 * login page (the route table and the entry list every screen's dependencies).
 *
 * Vite asks for index.html's list first (its HTML plugin runs before its import analysis),
 * which is how this learns what the entry loads.
 */
export function skipEntryDependencies(): ResolveModulePreloadDependenciesFn {
  const loadedByHtml = new Set<string>();
  return (fileName, deps, { hostType }) => {
    if (hostType === 'html') {
      for (const file of [fileName, ...deps]) loadedByHtml.add(file);
      return deps;
    }
    return deps.filter((dep) => !loadedByHtml.has(dep));
  };
}
