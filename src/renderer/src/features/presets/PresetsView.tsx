import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useRepo } from '../../state/repo-store';
import { EffectiveList } from './EffectiveList';
import { ImportNotice } from './ImportNotice';
import { importFiles } from './library-files';
import { PresetDetailPanel } from './PresetDetailPanel';
import { PresetList } from './PresetList';
import { RepoLibraryPanel } from './RepoLibraryPanel';
import { SavePresetForm } from './SavePresetForm';
import { usePresets } from './store';

const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

/**
 * Team presets: the presets stored here and the repository's library, the
 * settings in force and where each comes from, saving, applying, export and
 * import (a file chosen here, or dropped anywhere: see use-library-drop.ts).
 */
export function PresetsView() {
  const { loaded, error, note, busy, count } = usePresets(
    useShallow((s) => ({ loaded: s.loaded, error: s.error, note: s.note, busy: s.busy, count: s.presets.length })),
  );
  const repo = useRepo((s) => s.repo?.root ?? null);
  const head = useRepo((s) => s.repo?.head ?? null);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(0);

  useEffect(() => void usePresets.getState().load(), []);
  useEffect(() => void usePresets.getState().loadRepoLibrary(repo), [repo, head]);

  // Only the highlight lives here: the drop itself is handled once for the whole app.
  const dragHandlers = {
    onDragEnter: (e: DragEvent) => carriesFiles(e) && setDragging((n) => n + 1),
    onDragLeave: (e: DragEvent) => carriesFiles(e) && setDragging((n) => Math.max(0, n - 1)),
    onDrop: () => setDragging(0),
  };
  const { exportLibrary, clearError } = usePresets.getState();

  return (
    <section className="presets" data-ready={loaded ? 'true' : 'false'} data-dragging={dragging > 0 ? 'true' : 'false'} {...dragHandlers}>
      <header className="presets-head">
        <h1>Presets</h1>
        <span className="spacer" />
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          data-testid="library-input"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            void importFiles(files, false);
          }}
        />
        <button type="button" disabled={busy} onClick={() => input.current?.click()}>
          Import library…
        </button>
        <button type="button" disabled={busy || count === 0} onClick={() => void exportLibrary()}>
          Export all
        </button>
      </header>
      <p className="hint presets-sub">Run settings your team shares, with every revision kept. Drop a library file anywhere on Loupe to import it.</p>
      {error && <ErrorNotice error={error} onDismiss={clearError} />}
      <ImportNotice />
      {note && (
        <p className="notice notice-ok small" role="status" data-testid="preset-note">
          {note}
        </p>
      )}
      <div className="presets-grid">
        <div className="presets-col">
          <PresetList />
          <RepoLibraryPanel />
        </div>
        <div className="presets-col">
          <EffectiveList />
          <SavePresetForm />
          <PresetDetailPanel />
        </div>
      </div>
      {dragging > 0 && (
        <div className="insp-drop-overlay" aria-hidden>
          <strong>Drop a Loupe preset library to import it</strong>
        </div>
      )}
    </section>
  );
}
