import type { IncomingMessage } from 'node:http';

/** Reads the raw request body (bounded), since body_md5 is computed over the exact bytes. */
export function readRawBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limitBytes) {
        reject(new PayloadTooLargeError());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export class PayloadTooLargeError extends Error {
  constructor() {
    super('Request body too large');
  }
}
