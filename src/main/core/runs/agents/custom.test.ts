import { afterAll, describe, expect, it } from 'vitest';
import { createLauncher } from '../../process/launcher';
import { removeTempDirs, tempDir } from '../../testing/fixtures';
import type { InvocationInput } from './adapter';
import { createCustomParser, CUSTOM_REPLY_MAX_CHARS, customAdapter } from './custom';
import { runInvocation } from './test-support';

const launcher = createLauncher();
afterAll(async () => {
  await launcher.closeAll();
  removeTempDirs();
});

describe('custom command parser', () => {
  it('stdout lines as raw events as they arrive, then the whole stdout as one text and an ok result', () => {
    const p = createCustomParser();
    expect(p.stdout('line one')).toEqual([{ type: 'raw', stream: 'stdout', text: 'line one' }]);
    expect(p.stderr('a warning')).toEqual([{ type: 'raw', stream: 'stderr', text: 'a warning' }]);
    expect(p.stdout('')).toEqual([{ type: 'raw', stream: 'stdout', text: '' }]);
    expect(p.stdout('line three')).toEqual([{ type: 'raw', stream: 'stdout', text: 'line three' }]);
    expect(p.end({ code: 0, signal: null })).toEqual([
      { type: 'text', text: 'line one\n\nline three' },
      { type: 'result', ok: true },
    ]);
  });

  it('a non-zero exit fails with the last stderr lines; no output, no text', () => {
    const p = createCustomParser();
    for (const l of ['1', '2', '3', '4', '5', '6']) p.stderr(`err ${l}`);
    expect(p.end({ code: 2, signal: null })).toEqual([{ type: 'result', ok: false, message: 'err 2\nerr 3\nerr 4\nerr 5\nerr 6' }]);
    expect(createCustomParser().end({ code: null, signal: 'SIGKILL' })).toEqual([{ type: 'result', ok: false, message: 'The command was ended by SIGKILL.' }]);
  });

  it('keeps at most 4 MiB of reply, and says so', () => {
    const p = createCustomParser();
    const chunk = 'y'.repeat(1024 * 1024);
    for (let i = 0; i < 5; i++) p.stdout(chunk);
    const [text] = p.end({ code: 0, signal: null });
    expect(text).toMatchObject({ type: 'text' });
    const t = (text as { text: string }).text;
    expect(t.length).toBeLessThan(CUSTOM_REPLY_MAX_CHARS + 200);
    expect(t.endsWith('[… Loupe kept the first 4 MiB of the output]')).toBe(true);
  });
});

describe('custom command, run for real without a shell', () => {
  const base = (command: string, prompt: string): InvocationInput => ({
    prompt,
    schema: null,
    model: null,
    resumeSessionId: null,
    contextDir: '/ctx',
    runId: 'r1',
    repoRoot: '/',
    extraArgs: [],
    mcp: null,
    command,
    demo: null,
  });
  // Reads the prompt from stdin, answers on stdout, complains on stderr, exits with the code it is given.
  const script = `let s="";process.stdin.on("data",(d)=>s+=d).on("end",()=>{console.log("got "+Buffer.byteLength(s)+" bytes");console.log(s.trim().toUpperCase());console.error("note: "+process.argv[1]);process.exitCode=Number(process.argv[2]||0)})`;

  it('the prompt arrives on stdin, the reply is stdout, quoting survives, nothing is expanded', async () => {
    const cwd = tempDir('loupe-custom-');
    const inv = customAdapter.invocation(base(`"${process.execPath}" -e '${script}' '$HOME and *.ts' 0`, 'héllo agent\n'), '');
    const run = await runInvocation(launcher.spawn, inv, customAdapter.parser(), { cwd, env: { PATH: process.env.PATH } });
    expect(run.exit).toEqual({ code: 0, signal: null });
    // stdout and stderr are two pipes: their lines interleave in any order; each keeps its own.
    const raw = (stream: string) => run.events.filter((e) => e.type === 'raw' && e.stream === stream).map((e) => (e as { text: string }).text);
    expect(raw('stdout')).toEqual(['got 13 bytes', 'HÉLLO AGENT']);
    expect(raw('stderr')).toEqual(['note: $HOME and *.ts']);
    expect(run.events.slice(-2)).toEqual([
      { type: 'text', text: 'got 13 bytes\nHÉLLO AGENT' },
      { type: 'result', ok: true },
    ]);
  });

  it('a failing command: ok false with its stderr', async () => {
    const cwd = tempDir('loupe-custom-');
    const inv = customAdapter.invocation(base(`"${process.execPath}" -e '${script}' bad 4`, 'x'), '');
    const run = await runInvocation(launcher.spawn, inv, customAdapter.parser(), { cwd, env: { PATH: process.env.PATH } });
    expect(run.exit.code).toBe(4);
    expect(run.events.at(-1)).toEqual({ type: 'result', ok: false, message: 'note: bad' });
  });
});
