// The relay's own client against a real TLS server (issue 20: the official endpoints are
// https). The certificate is a test CA's, for "localhost" only (fixtures/tls/, made with
// openssl, valid to 2126; the key is a test key and guards nothing). A trusted CA is
// given to the client's agent, since Node 20 reads its trust store once at start.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { startRelay, type Relay } from './relay';
import { upstreamClient, type UpstreamHead } from './upstream';

const dir = join(__dirname, '..', '..', '..', '..', 'fixtures', 'tls');
const ca = readFileSync(join(dir, 'ca.pem'));

let server: https.Server | null = null;
let relay: Relay | null = null;
afterEach(async () => {
  await relay?.close();
  relay = null;
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  server = null;
});

/** An https server with the localhost certificate: a chunked, streamed answer naming what it saw. */
async function tlsServer(): Promise<{ port: number; sni: string[]; alpn: string[] }> {
  const sni: string[] = [];
  const alpn: string[] = [];
  server = https.createServer({ key: readFileSync(join(dir, 'localhost.key')), cert: readFileSync(join(dir, 'localhost.pem')), ALPNProtocols: ['http/1.1'] }, (req, res) => {
    const s = req.socket as tls.TLSSocket;
    sni.push(String((s as unknown as { servername?: string }).servername));
    alpn.push(String(s.alpnProtocol));
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', trailer: 'x-done' });
      res.write(`data: ${req.method} ${req.url} host=${req.headers.host}\n\n`);
      setTimeout(() => {
        res.addTrailers({ 'x-done': '1' });
        res.end('data: done\n\n');
      }, 5);
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, sni, alpn };
}

/** One exchange through the client; resolves with the head, the decoded body and the trailers, or the error. */
function exchange(client: ReturnType<typeof upstreamClient>, url: string) {
  return new Promise<{ head?: UpstreamHead; body: string; trailers?: Record<string, unknown>; error?: NodeJS.ErrnoException }>((resolve) => {
    let head: UpstreamHead | undefined;
    let body = '';
    const target = new URL(url);
    client.request(target, 'POST', { host: target.host, 'content-length': 2 }, Buffer.from('{}'), {
      head: (h) => (head = h),
      body: (d) => (body += d.toString()),
      end: (trailers) => resolve({ head, body, trailers }),
      error: (error) => resolve({ head, body, error }),
    });
  });
}

/** The test CA trusted on top of the default store. */
const trusting = { ca: [...tls.rootCertificates, ca.toString()] };

describe("the relay's upstream client over TLS", () => {
  it('verifies the certificate for the host name, sends SNI and ALPN http/1.1, and passes the chunked stream and its trailers on', async () => {
    const { port, sni, alpn } = await tlsServer();
    const client = upstreamClient(https, trusting);
    const r = await exchange(client, `https://localhost:${port}/v1/messages?beta=true`);
    expect(r.error).toBeUndefined();
    expect(r.head).toMatchObject({ status: 200 });
    expect(r.head!.headers['transfer-encoding']).toBe('chunked');
    expect(r.body).toBe(`data: POST /v1/messages?beta=true host=localhost:${port}\n\ndata: done\n\n`);
    expect(r.trailers).toEqual({ 'x-done': '1' });
    // A second request reuses the kept-alive TLS connection.
    expect((await exchange(client, `https://localhost:${port}/v1/messages`)).body).toContain('data: done');
    expect(sni).toEqual(['localhost', 'localhost']);
    expect(alpn).toEqual(['http/1.1', 'http/1.1']);
    client.close();
  });

  it('refuses a certificate that does not name the host, and one no trusted CA signed', async () => {
    const { port } = await tlsServer();
    const trusted = upstreamClient(https, trusting);
    // The certificate names localhost only: reached as 127.0.0.1 it is refused even with its CA trusted.
    const wrongName = await exchange(trusted, `https://127.0.0.1:${port}/v1/messages`);
    expect(wrongName.head).toBeUndefined();
    expect(wrongName.error?.code).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    // With node's own trust store the test CA is unknown.
    const untrusted = await exchange(upstreamClient(https), `https://localhost:${port}/v1/messages`);
    expect(untrusted.head).toBeUndefined();
    expect(untrusted.error?.code).toMatch(/SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY/);
    trusted.close();
  });

  it('through the relay, an https upstream with an untrusted certificate reaches the CLI as a 502 in the provider shape, with the reason', async () => {
    const { port } = await tlsServer();
    relay = await startRelay({ upstreams: { anthropic: `https://localhost:${port}` } });
    const res = await fetch(`${relay.baseUrl('anthropic')}/v1/messages`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(502);
    const body = (await res.json()) as { type: string; error: { type: string; message: string } };
    expect(body.type).toBe('error');
    expect(body.error.message).toMatch(/could not reach https:\/\/localhost:\d+: .*(certificate|SELF_SIGNED|UNABLE_TO)/i);
  });
});
