import { CompiledRules, type Stylesheet } from '../run.js';
import { SandboxedRules, type SandboxOptions } from './runner.js';

export { SandboxedRules, type SandboxOptions } from './runner.js';
export { RuleLimitError, SandboxUnavailableError } from './limit-error.js';
export { DEFAULT_LIMITS, type LimitKind, type RuleLimits } from './protocol.js';
export { sandboxSupport } from './boundary.js';

/**
 * A rule set's compiled stylesheet (a SEF file, its guarded twin beside it): run behind the sandbox's process boundary,
 * or, with `sandbox: false`, in pintae's own process as CompiledRules (rules pintae trusts: its built-in ones; and the
 * tests that show what the sandbox is there to stop).
 */
export function stylesheetFromFile(name: string, path: string, options: SandboxOptions & { sandbox?: boolean } = {}): Stylesheet {
  return options.sandbox === false ? CompiledRules.fromFile(name, path) : SandboxedRules.fromFile(name, path, options);
}
