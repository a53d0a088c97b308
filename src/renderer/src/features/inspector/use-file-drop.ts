import { useEffect, useRef, useState, type DragEvent } from 'react';
import { fileMeta, type FileMeta } from './store';

/** True when a drag carries files (not text or a link). */
function carriesFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer.types).includes('Files');
}

/**
 * Name and size of each dropped file, skipping folders (which a browser also
 * reports as "files" of a few bytes). Only metadata is touched.
 */
export function filesFromDataTransfer(dt: DataTransfer): { files: FileMeta[]; skippedFolders: number } {
  const files: FileMeta[] = [];
  let skippedFolders = 0;
  const items = Array.from(dt.items).filter((i) => i.kind === 'file');
  if (items.length > 0) {
    for (const item of items) {
      const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
      if (entry?.isDirectory) {
        skippedFolders += 1;
        continue;
      }
      const file = item.getAsFile();
      if (file) files.push(fileMeta(file));
    }
    return { files, skippedFolders };
  }
  for (const file of Array.from(dt.files)) files.push(fileMeta(file));
  return { files, skippedFolders };
}

/**
 * Drag-and-drop of files onto an element. While mounted, drops elsewhere in
 * the window are swallowed, so a missed drop never navigates the app away.
 */
export function useFileDrop(onFiles: (files: FileMeta[], skippedFolders: number) => void) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const callback = useRef(onFiles);
  callback.current = onFiles;

  useEffect(() => {
    const swallow = (e: globalThis.DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    window.addEventListener('dragover', swallow);
    window.addEventListener('drop', swallow);
    return () => {
      window.removeEventListener('dragover', swallow);
      window.removeEventListener('drop', swallow);
    };
  }, []);

  const handlers = {
    onDragEnter(e: DragEvent) {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver(e: DragEvent) {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave(e: DragEvent) {
      if (!carriesFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop(e: DragEvent) {
      depth.current = 0;
      setDragging(false);
      if (e.dataTransfer.files.length === 0) return;
      e.preventDefault();
      const { files, skippedFolders } = filesFromDataTransfer(e.dataTransfer);
      callback.current(files, skippedFolders);
    },
  };
  return { dragging, handlers };
}
