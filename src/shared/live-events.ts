/**
 * How often GET /api/events writes a heartbeat (a comment line) on a quiet stream. A proxy or browser
 * drops a quiet connection after a minute or so; §7.1 asks for one at least every 25 s. The web
 * client takes a stream silent for more than two of them as dead and opens another.
 *
 * A module of its own, free of zod: the dashboards' first JavaScript reads it.
 */
export const EVENT_HEARTBEAT_MS = 20_000;
