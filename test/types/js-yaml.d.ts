// js-yaml comes with xmlbuilder2 (a dependency of pintae) and ships no types; serve-deploy.test.ts reads docs/deploy's
// YAML with its load(), the one function declared here.
declare module 'js-yaml' {
  export function load(text: string): unknown;
}
