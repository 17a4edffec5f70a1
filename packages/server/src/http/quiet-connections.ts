import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing the server waits for every connection to end, and Node counts a connection that has not sent
 * a request yet as busy: a browser's preconnect, or the spare socket a client opens beside one it is
 * aborting, held `close()` for Node's 60 s header timeout. On close, every connection with no request
 * under way is closed at once; one with a request finishes it (Node answers it with `Connection: close`).
 */
export function closeQuietConnectionsOnClose(app: FastifyInstance): void {
  const requests = new Map<Socket, number>();
  app.server.on('connection', (socket: Socket) => {
    requests.set(socket, 0);
    socket.once('close', () => requests.delete(socket));
  });
  app.server.on('request', (req, res) => {
    const socket = req.socket;
    requests.set(socket, (requests.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = requests.get(socket);
      if (left !== undefined) requests.set(socket, left - 1);
    });
  });
  app.addHook('preClose', (done) => {
    for (const [socket, count] of requests) if (count === 0) socket.destroy();
    done();
  });
}
