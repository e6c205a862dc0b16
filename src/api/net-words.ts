/**
 * What a network error code means, in words a person can act on; the code follows in brackets, since that is what a
 * search or a support ticket needs (`the server reset the connection (ECONNRESET)`). Node's own codes, undici's
 * UND_ERR_*, llhttp's HPE_* (an answer that is not HTTP) and OpenSSL's certificate verdicts.
 */
const WORDS: Readonly<Record<string, string>> = {
  ECONNRESET: 'the server reset the connection',
  ECONNREFUSED: 'the server refused the connection: nothing listens at that address and port',
  ECONNABORTED: 'the connection was aborted',
  ETIMEDOUT: 'the connection timed out',
  ENOTFOUND: 'the host name was not found: check the base URL',
  EAI_AGAIN: 'the host name could not be looked up just now',
  EAI_FAIL: 'the host name could not be looked up',
  EPIPE: 'the connection was closed while the request was being sent',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'the host is unreachable',
  ENETDOWN: 'the network is down',
  EADDRNOTAVAIL: 'the address cannot be used from this machine',
  EPROTO: 'the secure connection failed: a TLS protocol error',
  TimeoutError: 'the server did not answer within the whole-request timeout, PINTAE_REQUEST_TIMEOUT_MS',
  UND_ERR_CONNECT_TIMEOUT: 'the connection could not be opened in time, PINTAE_CONNECT_TIMEOUT_MS',
  UND_ERR_HEADERS_TIMEOUT: 'the server did not begin its answer in time, PINTAE_REQUEST_TIMEOUT_MS',
  UND_ERR_BODY_TIMEOUT: 'the answer stopped arriving, PINTAE_REQUEST_TIMEOUT_MS',
  UND_ERR_SOCKET: 'the server closed the connection',
  UND_ERR_CLOSED: 'the connection was closed',
  UND_ERR_DESTROYED: 'the connection was closed',
  UND_ERR_ABORTED: 'the request was aborted',
  UND_ERR_HEADERS_OVERFLOW: "the answer's headers were too large",
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'the answer was not as long as it declared',
  UND_ERR_REQ_CONTENT_LENGTH_MISMATCH: 'the request was not as long as it declared',
  UND_ERR_RES_EXCEEDED_MAX_SIZE: 'the answer was larger than allowed',
  UND_ERR_INFO: 'the server sent an answer pintae cannot use',
  UND_ERR_NOT_SUPPORTED: 'the request uses something the HTTP client does not support',
  CERT_HAS_EXPIRED: "the server's TLS certificate has expired",
  CERT_NOT_YET_VALID: "the server's TLS certificate is not valid yet, or this machine's clock is wrong",
  CERT_REVOKED: "the server's TLS certificate was revoked",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's TLS certificate is self-signed, so it cannot be trusted",
  SELF_SIGNED_CERT_IN_CHAIN: "the server's TLS certificate chain ends in a self-signed certificate that is not trusted here",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "the server's TLS certificate could not be verified: an unknown issuer, or an incomplete chain",
  UNABLE_TO_GET_ISSUER_CERT: "the issuer of the server's TLS certificate is not known here",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "the issuer of the server's TLS certificate is not known here; behind a company proxy, see NODE_EXTRA_CA_CERTS",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's TLS certificate is for another host name",
  ERR_SSL_WRONG_VERSION_NUMBER: 'the server does not speak TLS there: http:// rather than https:// in the base URL?',
};

/** `the server reset the connection (ECONNRESET)`; an unknown code keeps the error's own message beside it. */
export function networkWords(code: string, detail?: string): string {
  const words = WORDS[code] ?? (code.startsWith('HPE_') ? 'the server\'s answer is not valid HTTP' : undefined);
  if (words) return `${words} (${code})`;
  return `a network error (${code}${detail && detail !== code ? `: ${detail}` : ''})`;
}

/** TLS verdicts: the handshake failed, so no request was sent; a repeat gets the same verdict. */
export const CERTIFICATE_CODES: ReadonlySet<string> = new Set(['EPROTO', 'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'CERT_REVOKED',
  'DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'ERR_TLS_CERT_ALTNAME_INVALID', 'ERR_SSL_WRONG_VERSION_NUMBER']);
