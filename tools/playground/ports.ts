// Listening on the port asked for, or the next one actually free: each candidate is tried by
// listening on it, never by a probe that another process could beat between check and use.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

function listenOnce(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * Listens on `port`, or, when it is in use, on the first free one of the `more` ports after it.
 * Answers the port listened on; port 0 lets the system pick one.
 */
export async function listenFrom(server: Server, host: string, port: number, more: number): Promise<number> {
  const last = Math.min(port + more, 65535);
  for (let candidate = port; ; candidate++) {
    try {
      await listenOnce(server, host, candidate);
      return (server.address() as AddressInfo).port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      if (candidate >= last)
        throw new Error(last === port ? `Port ${port} is in use.` : `Ports ${port}-${last} are all in use.`);
    }
  }
}
