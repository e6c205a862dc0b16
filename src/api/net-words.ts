import { networkWordsIn } from '../messages/net.js';

/**
 * What a network error code means, in words a person can act on; the code follows in brackets, since that is what a
 * search or a support ticket needs (`the server reset the connection (ECONNRESET)`). Node's own codes, undici's
 * UND_ERR_*, llhttp's HPE_* (an answer that is not HTTP) and OpenSSL's certificate verdicts.
 */
/** `the server reset the connection (ECONNRESET)`; an unknown code keeps the error's own message beside it (words: src/messages/net.ts). */
export function networkWords(code: string, detail?: string): string {
  return networkWordsIn(code, detail, 'en');
}

/** TLS verdicts: the handshake failed, so no request was sent; a repeat gets the same verdict. */
export const CERTIFICATE_CODES: ReadonlySet<string> = new Set(['EPROTO', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'CERT_REVOKED',
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'ERR_TLS_CERT_ALTNAME_INVALID', 'ERR_SSL_WRONG_VERSION_NUMBER']);
