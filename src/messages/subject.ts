/**
 * What an input is called in a sentence about it (docs/decisions.md "The input's name in a message"): the caller
 * says what it gave — a file on the command line, a request body to `pintae serve` or the sandbox, a document given
 * to the library, an answer of the live API — and the reader's words name that, never "the file" for a body. The
 * English phrase is the parameter a message carries (so a report reads the entry back from its words); the Arabic
 * is looked up from it. Every phrase is masculine in Arabic, so the sentences around it agree with each.
 */
export type InputSubject = 'file' | 'stdin' | 'body' | 'document' | 'answer';

const EN: Readonly<Record<InputSubject, string>> = {
  file: 'the file', stdin: 'standard input', body: 'the request body', document: 'the document given', answer: 'the answer',
};
const AR: Readonly<Record<string, string>> = {
  'the file': 'الملف', 'standard input': 'الإدخال القياسي', 'the request body': 'متن الطلب', 'the document given': 'المستند المُعطى', 'the answer': 'الرد',
};

/** The English phrase for an input: the `subject` parameter of the messages about it. */
export const subjectWords = (subject: InputSubject = 'file'): string => EN[subject];
/** The Arabic of a `subject` parameter (its English phrase); the phrase itself when pintae does not know it. */
export const subjectAr = (phrase: string): string => AR[phrase] ?? phrase;
