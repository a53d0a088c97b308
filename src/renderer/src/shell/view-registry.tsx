/**
 * The one list of views the nav rail and App draw from: the shared ids,
 * labels and shortcuts (src/shared/views.ts, also read by the Electron menu)
 * plus each view's icon and component.
 */
import type { ComponentType } from 'react';
import { VIEWS, type ViewId } from '../../../shared/views';
import { CostsView } from '../features/costs/CostsView';
import { InspectorView } from '../features/inspector/InspectorView';
import { PresetsView } from '../features/presets/PresetsView';
import { RunsView } from '../features/runs/RunsView';
import { SettingsView } from '../features/settings/SettingsView';
import { XRayView } from '../features/xray/XRayView';

export interface ViewEntry {
  id: ViewId;
  label: string;
  /** A glyph drawn beside the label in the nav rail. */
  icon: string;
  /** Views that need an open repository show the start screen until one is open. */
  needsRepo: boolean;
  component: ComponentType;
}

const PARTS: Record<ViewId, Pick<ViewEntry, 'icon' | 'component'>> = {
  inspector: { icon: '◎', component: InspectorView },
  runs: { icon: '▶', component: RunsView },
  xray: { icon: '▦', component: XRayView },
  presets: { icon: '☰', component: PresetsView },
  costs: { icon: '$', component: CostsView },
  settings: { icon: '⚙', component: SettingsView },
};

/** Every view, in nav-rail order. */
export const VIEW_REGISTRY: readonly ViewEntry[] = VIEWS.map((v) => ({
  id: v.id,
  label: v.label,
  needsRepo: v.needsRepo,
  ...PARTS[v.id],
}));

/** The registry entry for a view id. */
export const viewEntry = (id: ViewId): ViewEntry => VIEW_REGISTRY.find((v) => v.id === id)!;
