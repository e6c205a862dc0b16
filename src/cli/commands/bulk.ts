import { runSubmission, type SubmitOptions } from '../submission.js';

/** pintae bulk <paths...>: invoices in chunks through POST /oauth/invoices/bulk (207 per item), with the ledger. */
export async function runBulk(paths: string[], options: SubmitOptions): Promise<number> {
  return runSubmission(paths, options, 'bulk');
}
