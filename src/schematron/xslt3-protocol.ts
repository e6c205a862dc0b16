/** What pintae and its xslt3 compile server (xslt3.ts, xslt3-server.ts) say to each other. */

/** Run xslt3 with these arguments (those after the script's name). */
export interface CompileJob { id: number; args: string[] }

/** xslt3's exit code and what it said; or, where the server itself failed, why (the caller compiles another way). */
export type CompileAnswer = { id: number; exitCode: number; messages: string } | { id: number; serverError: string };

/** The argument the server is forked with: a test worker that imports xslt3-server.ts has an IPC channel too. */
export const SERVER_FLAG = '--pintae-xslt3-server';

/** The second argument of a server run behind the sandbox's boundary (it locks itself down before its first job). */
export const SANDBOXED_FLAG = '--sandboxed';
