import { readFile } from 'node:fs/promises';
import { RelayConfigError } from '../relay-config-error';

/** Where the relay's certificate chain and private key are (PEM), for serving https itself. */
export interface TlsFiles {
  certFile: string;
  keyFile: string;
}

/** The PEM files' contents, read once at start; a file that cannot be read stops the relay, saying which. */
export async function readTlsFiles(files: TlsFiles): Promise<{ cert: Buffer; key: Buffer }> {
  const read = async (path: string, flag: string) => {
    try {
      return await readFile(path);
    } catch (error) {
      throw new RelayConfigError(`cannot read ${flag} ${path}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  };
  return { cert: await read(files.certFile, '--tls-cert'), key: await read(files.keyFile, '--tls-key') };
}
