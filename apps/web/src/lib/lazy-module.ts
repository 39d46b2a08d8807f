/**
 * A module loaded on first use rather than with the page (issue 17: the contract's schemas, and zod with
 * them, stay out of a page's first load when only a form's submit or a dialog needs them). `get` loads it
 * once (a failed load is tried again on the next call); `now` is the module once loaded, for code that
 * runs synchronously and can wait for the next event.
 *
 * It is part of every page's first load (lib/http.ts uses it), so a page that uses it shares no chunk
 * with another page for its sake: in a chunk of its own pages the build merged it with the feed's code,
 * and /login loaded 25 KB of posts with it (e2e/js-budget.spec.ts).
 */
export function lazyModule<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    get(): Promise<M> {
      if (loaded) return Promise.resolve(loaded);
      pending ??= load().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    now: (): M | undefined => loaded,
  };
}
