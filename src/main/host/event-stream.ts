import type { IncomingMessage, ServerResponse } from 'node:http';
import { STREAM_LIMITS } from '../../shared/streams/events';
import { parsePositions, parseStreamKey, type StreamKey } from '../../shared/streams/keys';
import { LoupeError } from '../../shared/errors';
import type { StreamHub } from '../core/streams/hub';
import { SseSink } from './sse';

const HEARTBEAT_MS = 25_000;

/**
 * `GET /api/events?keys=run:a,task:b[&positions=run:a=5]`: follows those keys
 * over Server-Sent Events. On reconnect the browser sends `Last-Event-ID`
 * (every key's position), which wins over `positions` for the keys it names.
 */
export function openEventStream(hub: StreamHub, req: IncomingMessage, res: ServerResponse, url: URL): { end(): void } {
  const keys = (url.searchParams.get('keys') ?? '').split(',').filter(Boolean);
  if (keys.length === 0 || keys.length > STREAM_LIMITS.maxKeysPerSubscription || keys.some((k) => !parseStreamKey(k))) {
    throw new LoupeError(
      'invalid-input',
      `keys must name 1 to ${STREAM_LIMITS.maxKeysPerSubscription} streams such as run:<id>, comma-separated.`,
    );
  }
  const lastEventId = req.headers['last-event-id'];
  const positions = {
    ...parsePositions(url.searchParams.get('positions')),
    ...parsePositions(typeof lastEventId === 'string' ? lastEventId : null),
  };
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // Never reused after the stream ends (lagged, shutdown): the socket closes with it.
    connection: 'close',
  });
  res.write(`retry: 1000\nevent: ready\ndata: ${JSON.stringify({ keys })}\n\n`);
  const start = Object.fromEntries(keys.map((k) => [k, positions[k] ?? 0]));
  const sink = new SseSink(res, { ...start });
  const subscriber = hub.attach(sink);
  subscriber.follow(keys.map((key) => ({ key: key as StreamKey, after: start[key]! })));
  const heartbeat = setInterval(() => sink.heartbeat(), HEARTBEAT_MS);
  heartbeat.unref();
  res.once('close', () => {
    clearInterval(heartbeat);
    subscriber.detach();
  });
  return { end: () => subscriber.detach() };
}
