import { createSocket, RemoteInfo } from 'node:dgram';

/**
 * A local DNS server (UDP, RFC 1035 wire format) answering TXT queries from a table the test fills, so domain
 * proofs go through the real resolver code path. Unknown names answer NXDOMAIN.
 */
export interface FakeDns {
  port: number;
  setTxt(domain: string, values: string[]): void;
  close(): Promise<void>;
}

const TYPE_TXT = 16;

export async function startFakeDns(): Promise<FakeDns> {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (msg: Buffer, from: RemoteInfo) => {
    const { name, end, type } = readQuestion(msg);
    const values = type === TYPE_TXT ? records.get(name.toLowerCase()) : undefined;
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // id
    // QR=1, opcode 0, AA=1, RD copied, RA=1; RCODE 3 (NXDOMAIN) when nothing is known.
    header.writeUInt16BE(0x8400 | (msg.readUInt16BE(2) & 0x0100) | 0x0080 | (values ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(values?.length ?? 0, 6);
    const answers = (values ?? []).map((value) => {
      const text = Buffer.from(value);
      const rdata = Buffer.concat([Buffer.from([text.length]), text]);
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // pointer to the question's name
      rr.writeUInt16BE(TYPE_TXT, 2);
      rr.writeUInt16BE(1, 4);
      rr.writeUInt32BE(60, 6);
      rr.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([rr, rdata]);
    });
    socket.send(Buffer.concat([header, msg.subarray(12, end), ...answers]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    setTxt: (domain, values) => records.set(domain.toLowerCase(), values),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

function readQuestion(msg: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let offset = 12;
  while (msg[offset] !== 0) {
    const length = msg[offset];
    labels.push(msg.subarray(offset + 1, offset + 1 + length).toString());
    offset += length + 1;
  }
  offset += 1;
  return { name: labels.join('.'), type: msg.readUInt16BE(offset), end: offset + 4 };
}
