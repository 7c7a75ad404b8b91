/**
 * The live sockets' words that both ends must spell alike (the game's socket, /api/games/:id/live,
 * and the player's inbox socket).
 *
 * The keep-alive: a socket sending exactly PING is answered PONG by the platform itself
 * (setWebSocketAutoResponse in src/game/room.ts and src/player/inbox.ts), without waking the Durable
 * Object (no request, no duration). A ping with anything more (`{"type":"ping","n":1}`) reaches the
 * object and is answered after everything sent before it.
 */
export const PING = '{"type":"ping"}';
export const PONG = '{"type":"pong"}';

/**
 * The close code of a game socket whose key could not be checked (1011, RFC 6455: the server
 * failed): the page reconnects, waiting longer each time such closes follow one another.
 */
export const UNCHECKED_CLOSE = 1011;
