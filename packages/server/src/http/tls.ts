/**
 * TLS for a server without a proxy in front: a certificate and its private key turn the server
 * into HTTPS with HTTP/2 and HTTP/1.1 on the same port (ALPN chooses; fastify's `http2: true`
 * with `allowHTTP1`), so clients that insist on an `https` base URL (the solcast SDK's tests)
 * reach it directly, and HTTP/1.1-only clients (urllib, requests, curl --http1.1) still work.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** A certificate chain and its private key, PEM text or bytes. */
export interface TlsCredentials {
  cert: string | Buffer;
  key: string | Buffer;
}

/** The environment variables that stand for `--tls-cert` and `--tls-key`. */
export const TLS_CERT_VARIABLE = 'SOLARKIT_TLS_CERT';
export const TLS_KEY_VARIABLE = 'SOLARKIT_TLS_KEY';

/** A TLS file or pair that cannot serve: the message names the file and what is wrong. */
export class TlsSetupError extends Error {}

/**
 * The fastify options of a server with these credentials: HTTP/2 over TLS that also answers
 * HTTP/1.1; none (plain HTTP/1.1) without credentials.
 *
 * @example fastifyTlsOptions(undefined) // {}
 */
export function fastifyTlsOptions(tls: TlsCredentials | undefined): Record<string, unknown> {
  if (tls === undefined) return {};
  return { http2: true, https: { allowHTTP1: true, cert: tls.cert, key: tls.key } };
}

/**
 * Reads a certificate file and a key file (PEM) and checks that they serve together: the
 * certificate parses, the key parses (unencrypted), and the key is the certificate's.
 *
 * @param certPath file of the certificate (a chain: the server's first)
 * @param keyPath file of its private key
 * @throws TlsSetupError naming the file: unreadable, not PEM, or a key of another certificate
 * @example readTlsFiles('cert.pem', 'key.pem').cert // the PEM text of cert.pem
 */
export function readTlsFiles(certPath: string, keyPath: string): TlsCredentials {
  const read = (path: string, what: string): string => {
    try {
      return readFileSync(path, 'utf8');
    } catch (e) {
      throw new TlsSetupError(
        `cannot read the TLS ${what} ${resolve(path)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
  };
  const cert = read(certPath, 'certificate');
  const key = read(keyPath, 'key');
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch {
    throw new TlsSetupError(
      `the TLS certificate ${resolve(certPath)} is not a PEM certificate (-----BEGIN CERTIFICATE-----)`,
    );
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch (e) {
    throw new TlsSetupError(
      `the TLS key ${resolve(keyPath)} is not an unencrypted PEM private key (${(e as Error).message})`,
    );
  }
  if (!x509.checkPrivateKey(privateKey)) {
    throw new TlsSetupError(`the TLS key ${resolve(keyPath)} is not the key of the certificate ${resolve(certPath)}`);
  }
  return { cert, key };
}
