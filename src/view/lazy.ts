import type * as Views from './index.js';

/*
 * The invoice views (the HTML report's: index.ts and the modules it loads) are loaded by a run that writes HTML, once,
 * before its documents are judged: a spawned pintae pays for every module it loads (docs/performance.md, "Start-up"),
 * and most runs write no HTML. Judging is synchronous, so the loading is done up front (loadViews) by whatever asks
 * for views: the CLI's validate and check, a batch worker thread, a serve worker.
 */
let loaded: typeof Views | undefined;

/** Loads the views, once. */
export async function loadViews(): Promise<void> {
  loaded ??= await import('./index.js');
}

/** The views, loaded before by loadViews(): asking for them without is a programming error. */
export function views(): typeof Views {
  if (!loaded) throw new Error('the invoice views were asked for before loadViews()');
  return loaded;
}
