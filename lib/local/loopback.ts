// A stand-in's own HTTP server on a free loopback port (the laptop's Step Functions, SES and
// Lambda): its endpoint for the handlers' SDK clients, connections kept alive longer than the
// clients reuse them (transport.ts), and a close that ends open connections. `restJsonServer` is the
// server of a REST JSON service: the whole body read, then the handler, which answers with `reply`
// (a JSON body, its error type in `x-amzn-errortype` as AWS writes it).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepConnectionsAlive } from './transport.js';

export async function listenOnLoopback(server: Server): Promise<{ endpoint: string; close(): Promise<void> }> {
  keepConnectionsAlive(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type JsonReply = (status: number, data: unknown, errorType?: string) => void;

export function restJsonServer(handle: (req: IncomingMessage, body: Buffer, reply: JsonReply, res: ServerResponse) => void): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply: JsonReply = (status, data, type) => {
        const body = JSON.stringify(data);
        res
          .writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(type ? { 'x-amzn-errortype': type } : {}) })
          .end(body);
      };
      handle(req, Buffer.concat(chunks), reply, res);
    });
  });
}
