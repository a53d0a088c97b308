import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { LOUPE_VERSION } from '../../core/version';
import { limitMessages } from '../../core/mcp/message-limit';
import { createXrayMcpServer } from '../../core/mcp/xray-mcp';
import { EXIT_OK, UsageError, type CliIo, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';

const THREAD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `loupe mcp --thread ID`: an MCP server on stdin/stdout offering the X-Ray
 * tools for one thread, until the client closes stdin (or Ctrl-C). Nothing
 * but the protocol goes to stdout; notes go to stderr.
 */
export async function serveMcp(args: string[], io: CliIo, streams: { stdin: Readable; stdout: Writable } = { stdin: process.stdin, stdout: process.stdout }): Promise<number> {
  const { values } = parseArgs({ args, options: { thread: { type: 'string' } }, strict: true });
  if (!values.thread) throw new UsageError('name the thread the tools act on: --thread ID.');
  if (!THREAD_ID.test(values.thread)) throw new UsageError(`"${values.thread}" is not a thread id.`);
  const threadId = values.thread;
  return withRuntime(io, async (runtime, signal) => {
    const server = createXrayMcpServer((method, request) => runtime.call(method, request, { signal }), threadId, LOUPE_VERSION);
    // Messages over the limit are answered with a JSON-RPC error here and never reach the SDK.
    const input = limitMessages(streams.stdin, (line) => streams.stdout.write(line));
    const transport = new StdioServerTransport(input, streams.stdout);
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
      streams.stdin.once('end', () => resolve());
      streams.stdin.once('close', () => resolve());
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await server.connect(transport);
    io.stderr(`loupe mcp: X-Ray tools for thread ${threadId} on stdio.\n`);
    await closed;
    await server.close();
    return EXIT_OK;
  });
}

export const run: CommandRun = (args, io) => serveMcp(args, io);
