/** The part of picomatch (a dependency of tinyglobby, used directly for globs) that pintae calls; it ships no types. */
declare module 'picomatch' {
  interface ScanResult { base: string; glob: string; isGlob: boolean }
  interface Picomatch {
    (glob: string, options?: { dot?: boolean }): (path: string) => boolean;
    scan(input: string): ScanResult;
  }
  const picomatch: Picomatch;
  export default picomatch;
}
