import { createSocket } from "node:dgram";
import type { AddressInfo } from "node:net";

// A DNS server on loopback that answers TXT questions from a table the test fills, so that the
// service's own resolver (DNS_SERVERS) finds a domain's proof as it would on the Internet. No
// library of the project's dependencies serves DNS; the wire format of a TXT answer is small.

const TXT = 16;

/** The question's name (its labels joined by dots), type, and where the question ends. */
function question(packet: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (packet[at]! > 0) {
    labels.push(packet.subarray(at + 1, at + 1 + packet[at]!).toString("latin1"));
    at += packet[at]! + 1;
  }
  return { name: labels.join(".").toLowerCase(), type: packet.readUInt16BE(at + 1), end: at + 5 };
}

function answer(query: Buffer, records: string[][] | undefined): Buffer {
  const { type, end } = question(query);
  const found = type === TXT && records !== undefined ? records : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  header.writeUInt16BE(records === undefined ? 0x8183 : 0x8180, 2); // a response, recursion available; NXDOMAIN for an unknown name
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(found.length, 6);
  const answers = found.map((strings) => {
    const data = Buffer.concat(strings.map((s) => Buffer.concat([Buffer.from([Buffer.byteLength(s)]), Buffer.from(s)])));
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    fixed.writeUInt16BE(TXT, 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header, query.subarray(12, end), ...answers]);
}

/** Starts the server on `port` (0: any free one): `txt` maps a name to its records, each a list of strings. */
export async function startDnsServer(port = 0) {
  const txt: Record<string, string[][]> = {};
  const socket = createSocket("udp4");
  socket.on("message", (query, peer) => {
    const reply = answer(query, txt[question(query).name]);
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(port, "127.0.0.1", resolve));
  return {
    address: `127.0.0.1:${(socket.address() as AddressInfo).port}`,
    txt,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
