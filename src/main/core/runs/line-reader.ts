import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';

/** A line longer than this is cut (the rest of it dropped) so one line never holds unbounded memory. */
export const MAX_LINE_CHARS = 16 * 1024 * 1024;

/**
 * Calls `onLine` for each complete UTF-8 line of a stream (without its line
 * ending), and once more for a last line without a newline when it ends.
 */
export function readLines(stream: Readable, onLine: (line: string) => void): Promise<void> {
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  let cut = false;
  const take = (text: string) => {
    let start = 0;
    let nl: number;
    while ((nl = text.indexOf('\n', start)) >= 0) {
      const piece = text.slice(start, nl);
      const line = cut ? buffer : buffer + piece;
      buffer = '';
      cut = false;
      onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      start = nl + 1;
    }
    if (!cut) {
      buffer += text.slice(start);
      if (buffer.length > MAX_LINE_CHARS) {
        buffer = `${buffer.slice(0, MAX_LINE_CHARS)}… (line cut)`;
        cut = true;
      }
    }
  };
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      take(decoder.end());
      if (buffer) onLine(buffer);
      buffer = '';
      resolve();
    };
    stream.on('data', (chunk: Buffer) => take(decoder.write(chunk)));
    // A process that never started closes its pipes without 'end'.
    stream.on('end', finish);
    stream.on('close', finish);
    stream.on('error', finish);
  });
}
