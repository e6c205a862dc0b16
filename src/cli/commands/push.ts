import { runSubmission, type SubmitOptions } from '../submission.js';

/** pintae push <file>: one invoice through POST /oauth/invoices, after the offline validation and the ledger. */
export async function runPush(file: string, options: SubmitOptions): Promise<number> {
  return runSubmission([file], options, 'push');
}
