/*
 * The fn: functions and xs: constructor functions the rules call, with XPath 3.1 semantics as Saxon-JS 2.7 gives them.
 */
import type { Item, Sequence } from './api.js';

export interface FnContext { item: Item | undefined; position: number; size: number; current: Item | undefined }
export type Fn = (args: Sequence[], ctx: FnContext) => Sequence;

const table = new Map<string, Fn>();

/** fn: namespace functions by `local#arity`; constructor functions by `xs:type#1` (empty in → empty out). */
export const FUNCTIONS: ReadonlyMap<string, Fn> = table;
