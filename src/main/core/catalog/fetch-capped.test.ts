import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendJson, startLocalServer, type LocalServer } from '../testing/http-server';
import { fetchJsonCapped, MAX_BODY_BYTES } from './fetch-capped';

let server: LocalServer | null = null;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = null;
});

describe('fetchJsonCapped', () => {
  it('fetches and parses a JSON body', async () => {
    server = await startLocalServer((_req, res) => sendJson(res, { data: [{ id: 'm' }] }));
    await expect(fetchJsonCapped(`${server.url}/v1/models`)).resolves.toEqual({ data: [{ id: 'm' }] });
  });

  it('refuses a declared body over 8 MiB without reading or decoding it', async () => {
    let finished = false;
    server = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(MAX_BODY_BYTES + 1) });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < MAX_BODY_BYTES + 1) {
          const n = Math.min(chunk.length, MAX_BODY_BYTES + 1 - sent);
          sent += n;
          if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void res.once('drain', pump);
        }
        finished = true;
        res.end();
      };
      pump();
    });
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    await expect(fetchJsonCapped(server.url)).rejects.toThrow(/over the 8 MiB limit; it was not read/);
    expect(decode).not.toHaveBeenCalled();
    expect(finished).toBe(false);
  });

  it('stops reading a streamed body once it passes the cap, without decoding it', async () => {
    let written = 0;
    let closedEarly = false;
    const total = 64 * 1024 * 1024;
    server = await startLocalServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no content-length to trust
      res.on('close', () => {
        closedEarly = written < total;
      });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (written < total && !res.destroyed) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
      req.on('close', () => {});
    });
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    await expect(fetchJsonCapped(server.url)).rejects.toThrow(/went over the 8 MiB limit; reading stopped/);
    expect(decode).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(closedEarly).toBe(true));
    expect(written).toBeLessThan(total);
  });

  it('accepts a body exactly at the cap', async () => {
    const body = JSON.stringify({ pad: 'x'.repeat(1000) });
    server = await startLocalServer((_req, res) => sendJson(res, JSON.parse(body)));
    await expect(fetchJsonCapped(server.url, { maxBytes: Buffer.byteLength(body) })).resolves.toEqual(JSON.parse(body));
    await expect(fetchJsonCapped(server.url, { maxBytes: Buffer.byteLength(body) - 1 })).rejects.toThrow(/limit/);
  });

  it('refuses a redirect and never follows it', async () => {
    server = await startLocalServer((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/target' });
        res.end();
      } else sendJson(res, { data: [{ id: 'followed' }] });
    });
    await expect(fetchJsonCapped(`${server.url}/moved`)).rejects.toThrow(/redirect \(302\); Loupe refuses redirects/);
    expect(server.hits).toEqual(['/moved']);
  });

  it('reports a failing status, a non-JSON body, an unreachable host and a timeout in plain words', async () => {
    server = await startLocalServer((req, res) => {
      if (req.url === '/500') {
        res.writeHead(500, 'Internal Server Error');
        res.end('oops');
      } else if (req.url === '/text') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>');
      } else if (req.url === '/slow') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{');
      }
    });
    await expect(fetchJsonCapped(`${server.url}/500`)).rejects.toThrow(/answered 500 Internal Server Error/);
    await expect(fetchJsonCapped(`${server.url}/text`)).rejects.toThrow(/is not JSON/);
    await expect(fetchJsonCapped(`${server.url}/slow`, { timeoutMs: 200 })).rejects.toThrow(/took longer than allowed/);
    const closed = server.url;
    await server.close();
    server = null;
    await expect(fetchJsonCapped(`${closed}/gone`)).rejects.toThrow(/Could not reach .*: .+/);
  });
});
