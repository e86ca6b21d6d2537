import type { Server as HttpServer } from 'node:http';
import { SOCKET_PATH, SOCKET_TRANSPORTS } from '@reachly/shared/constants';
import {
  type ClientToServerEvents,
  clientPayloadSchemas,
  type InterServerEvents,
  organizationRoom,
  type RealtimePayload,
  type ServerEventName,
  type ServerToClientEvents,
  type SocketData,
  socketHandshakeSchema,
} from '@reachly/shared/realtime';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** Who a handshake is: the user and whether they belong to the organisation they asked for. */
export type HandshakeAuthenticator = (input: {
  token: string | undefined;
  cookie: string | undefined;
  organizationId: number;
  headers: Record<string, string | string[] | undefined>;
}) => Promise<{ userId: number; organizationId: number } | null>;

/**
 * socket.io at /socket.io (spec §7): a socket joins the room of one organisation its user belongs
 * to, and every push goes to an organisation's room. With REDIS_URL the Redis adapter makes
 * several server processes one (attachRedis).
 */
export class Realtime {
  readonly io: RealtimeServer;

  constructor(
    authenticate: HandshakeAuthenticator,
    private readonly logger: Logger,
  ) {
    this.io = new Server({ path: SOCKET_PATH, transports: [...SOCKET_TRANSPORTS], serveClient: false });
    this.io.use(async (socket, next) => {
      try {
        const { auth, query, headers } = socket.handshake;
        const parsed = socketHandshakeSchema.safeParse({ ...query, ...auth });
        if (!parsed.success) return next(refusal('BAD_REQUEST', 'The handshake needs organizationId.'));
        const who = await authenticate({
          token: parsed.data.token,
          cookie: headers.cookie,
          organizationId: parsed.data.organizationId,
          headers,
        });
        if (!who)
          return next(refusal('UNAUTHORIZED', 'No valid token, or not a member of this organisation.'));
        socket.data = who;
        next();
      } catch (error) {
        this.logger.warn({ err: error }, 'socket handshake failed');
        next(refusal('UNAUTHORIZED', 'The handshake could not be checked.'));
      }
    });
    this.io.on('connection', (socket) => this.onConnection(socket));
  }

  private onConnection(socket: RealtimeSocket): void {
    const room = organizationRoom(socket.data.organizationId);
    void socket.join(room);
    // The desktop agent reports its profile batch; the organisation's pages hear it.
    for (const event of ['profile-handled', 'processed-finished'] as const) {
      socket.on(event, (payload: unknown) => {
        const parsed = clientPayloadSchemas[event].safeParse(payload);
        if (parsed.success) this.io.to(room).emit(event, parsed.data as never);
      });
    }
    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack(new Date().toISOString());
    });
  }

  attach(server: HttpServer): void {
    this.io.attach(server);
  }

  /** Pushes an event to every socket of the organisation, on every server process. */
  emit<E extends ServerEventName>(organizationId: number, event: E, payload: RealtimePayload<E>): void {
    // socket.io's typed emit cannot follow a generic event name; the payload type is checked above.
    (this.io.to(organizationRoom(organizationId)) as { emit(e: string, p: unknown): boolean }).emit(
      event,
      payload,
    );
  }

  /** Disconnects a user's sockets from the organisation's room, on every server process. */
  async disconnectUser(organizationId: number, userId: number): Promise<void> {
    const sockets = await this.io.in(organizationRoom(organizationId)).fetchSockets();
    for (const socket of sockets) if (socket.data.userId === userId) socket.disconnect(true);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.io.close(() => resolve()));
  }
}

function refusal(code: string, message: string): Error & { data: { code: string } } {
  return Object.assign(new Error(message), { data: { code } });
}
