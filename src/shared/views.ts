/**
 * The app's top-level views: ids, labels and keyboard shortcuts, with no React,
 * so the Electron menu (src/main/index.ts) and the renderer's view registry
 * (src/renderer/src/shell/view-registry.tsx) share one list.
 */
export const VIEWS = [
  { id: 'inspector', label: 'Inspector', accelerator: 'CmdOrCtrl+1', needsRepo: true },
  { id: 'runs', label: 'Runs', accelerator: 'CmdOrCtrl+2', needsRepo: true },
  { id: 'xray', label: 'X-Ray', accelerator: 'CmdOrCtrl+3', needsRepo: true },
  { id: 'presets', label: 'Presets', accelerator: 'CmdOrCtrl+4', needsRepo: false },
  { id: 'costs', label: 'Costs', accelerator: 'CmdOrCtrl+5', needsRepo: false },
  { id: 'settings', label: 'Settings', accelerator: 'CmdOrCtrl+,', needsRepo: false },
] as const;

export type ViewId = (typeof VIEWS)[number]['id'];

/** Every view id, in menu and nav-rail order. */
export const VIEW_IDS: readonly ViewId[] = VIEWS.map((v) => v.id);

/** True for a string naming one of the views (e.g. from a menu command or stored state). */
export const isViewId = (v: unknown): v is ViewId => typeof v === 'string' && (VIEW_IDS as readonly string[]).includes(v);
