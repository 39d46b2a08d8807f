/**
 * The modules a source file imports for their values: `import … from 'x'` and `export … from 'x'`, an
 * `import type` or `export type` line left out (erased, it costs nothing). One rule for the two places
 * that judge the contract's modules by it: zod-free.test.ts (a module without zod imports none that
 * has it) and the web's build (apps/web/vite.config.ts: the modules that import zod are its schemas).
 */
export function valueImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?[^;]*?\sfrom\s+'([^']+)';/gm)) {
    if (!match[1]) found.push(match[2] ?? '');
  }
  return found;
}
