import { useEffect } from 'react';
import { useShell } from '../../state/shell-store';
import { importFiles } from './library-files';

const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * The app-wide drop rule, installed once by the shell: a view that takes
 * dropped files keeps them (the Inspector's attachments: its handler marks the
 * drop handled before it reaches the document); any other drop is never
 * followed as a navigation, and a Loupe preset library in it is imported,
 * showing the Presets view with the result. On the Presets view every dropped
 * file goes to the import, so a file that is not a library is refused with why.
 */
export function useLibraryDrop(): void {
  useEffect(() => {
    const onDragOver = (e: DragEvent) => {
      if (!carriesFiles(e) || e.defaultPrevented) return;
      e.preventDefault();
      e.dataTransfer!.dropEffect = 'copy';
    };
    const onDrop = (e: DragEvent) => {
      if (!carriesFiles(e) || e.defaultPrevented) return;
      e.preventDefault();
      const files = Array.from(e.dataTransfer?.files ?? []);
      const onPresets = useShell.getState().view === 'presets';
      void importFiles(files, !onPresets).then((imported) => {
        if (imported && !onPresets) useShell.getState().setView('presets');
      });
    };
    // On the document, so React handlers on the views (attached at the root) run first.
    document.addEventListener('dragover', onDragOver);
    document.addEventListener('drop', onDrop);
    return () => {
      document.removeEventListener('dragover', onDragOver);
      document.removeEventListener('drop', onDrop);
    };
  }, []);
}
