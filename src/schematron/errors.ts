/**
 * A rule set that cannot be found, read or compiled. Its own module, so that loading a compiled rule set never loads
 * the Schematron compiler (and xmlbuilder2 with it: ~70 ms of every cold start).
 */
export class RuleSetError extends Error {
  constructor(message: string) { super(message); this.name = 'RuleSetError'; }
}
