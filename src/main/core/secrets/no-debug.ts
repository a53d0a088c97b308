// Stands in for the `debug` package inside Loupe's bundle (electron.vite.config.mts
// aliases it here). Secretlint's core is its only bundled user, for trace lines
// nobody reads in Loupe; the real package, with supports-color and `tty`, cost the
// first secret scan of every `loupe inspect` several milliseconds to load.
type Debugger = ((...args: unknown[]) => void) & { enabled: boolean };

/** A logger that never logs, whatever DEBUG says. */
export default function createDebug(): Debugger {
  return Object.assign(() => {}, { enabled: false });
}
