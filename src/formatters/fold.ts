/** A root finding (one that follows from no other) and the findings that follow from it. */
export interface Fold<T> { root: T; dependents: T[] }

/**
 * Root causes first, each with its dependents (issue 12, "one mistake, one finding"). `all` is a response's errors,
 * then warnings, the list `cause` counts in. A cause that points nowhere, or at a finding that has a cause of its own,
 * is not trusted: that finding stands as a root, so nothing is ever hidden under a finding that is not shown.
 */
export function fold<T extends { cause?: number }>(all: readonly T[]): Fold<T>[] {
  const isRoot = (f: T, i: number) => {
    const cause = f.cause;
    return cause === undefined || cause === i || all[cause] === undefined || all[cause]!.cause !== undefined;
  };
  const folds = new Map<number, Fold<T>>();
  all.forEach((f, i) => { if (isRoot(f, i)) folds.set(i, { root: f, dependents: [] }); });
  all.forEach((f, i) => { if (!folds.has(i)) folds.get(f.cause!)!.dependents.push(f); });
  return [...folds.values()];
}

/** `+3 caused by this`, and how many of them are errors when the root is a warning (a misspelled key). */
export function causedLine(dependents: number, errors: number, rootIsError: boolean): string {
  const what = !rootIsError && errors > 0 ? ` (${errors} ${errors === 1 ? 'error' : 'errors'})` : '';
  return `+${dependents} caused by this${what}`;
}
