// Test helper: runs the `loupe` command in-process and captures what it prints.
import type { CliIo } from './command';
import { runCli } from './index';

/** Runs the CLI in-process and captures what it prints. */
export async function runCliForTest(argv: string[], env: NodeJS.ProcessEnv = {}, stdin = '') {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readStdin: async () => stdin,
    env,
    rendererDir: '/nonexistent',
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
