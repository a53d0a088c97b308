// Zod-free, so the renderer can list the settings without bundling the schemas.

/** The run settings tracked one by one for provenance (dotted paths into RunSettings). */
export const SETTING_FIELDS = [
  'agent',
  'command',
  'model',
  'notes',
  'agentArgs',
  'loop.contextBudget',
  'loop.idleTimeoutSeconds',
  'keepStaged',
  'xrayTools',
  'wire',
] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];
