// A stand-in's own HTTP server on a free loopback port (the laptop's Step Functions and SES): its
// endpoint for the handlers' SDK clients, connections kept alive longer than the clients reuse
// them (transport.ts), and a close that ends open connections.
import type { Server } from 'node:http';
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
