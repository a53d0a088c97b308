// Starts the real browser host (`node bin/loupe.js serve`) as a child process,
// each with its own user-data folder, and reads the URL line it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StartedHost {
  url: string;
  origin: string;
  token: string;
  userDataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

// From the benchmarks' ES module bundle (bench/click-latency) there is no __dirname: they run from the root.
const root = typeof __dirname === 'string' ? join(__dirname, '..') : process.cwd();

export async function startBrowserHost(env: NodeJS.ProcessEnv = {}): Promise<StartedHost> {
  const userDataDir = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-e2e-data-')));
  // Never the real home folder: X-Ray lists the CLI sessions under it (~/.claude, ~/.codex, ~/.gemini).
  const home = join(userDataDir, 'home');
  mkdirSync(home);
  const { CLAUDE_CONFIG_DIR: _c, CODEX_HOME: _x, GEMINI_CLI_HOME: _g, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(root, 'bin', 'loupe.js'), 'serve', '--port', '0'], {
    cwd: root,
    env: { ...inherited, HOME: home, USERPROFILE: home, LOUPE_USER_DATA: userDataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`loupe serve printed no URL in 20 s. stderr: ${stderr}`)), 20_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`loupe serve exited with ${code}. stderr: ${stderr}`));
    });
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token')!,
    userDataDir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
