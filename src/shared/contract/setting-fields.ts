// Zod-free, so the renderer can list the settings without bundling the schemas.

/** The run settings tracked one by one for provenance (dotted paths into RunSettings). */
export const SETTING_FIELDS = [
  'agent',
  'command',
  'model',
  'notes',
  'agentArgs',
  'loop.contextBudget',
  'loop.requestBudget',
  'loop.spendBudget',
  'loop.wireSecrets',
  'loop.idleTimeoutSeconds',
  'keepStaged',
  'xrayTools',
  'wire',
] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];

/** A setting's name in words, the same in the app and the CLI. */
export const SETTING_LABEL: Record<SettingField, string> = {
  agent: 'Agent',
  command: 'Command',
  model: 'Model',
  notes: 'Notes for the agent',
  agentArgs: 'Extra CLI arguments',
  'loop.contextBudget': 'Context budget',
  'loop.requestBudget': 'Request budget (on the wire)',
  'loop.spendBudget': 'Spend budget (on the wire)',
  'loop.wireSecrets': 'Secrets on the wire',
  'loop.idleTimeoutSeconds': 'No-progress timeout',
  keepStaged: 'Keep the staged folder',
  xrayTools: 'X-Ray tools for the agent',
  wire: 'Record requests on the wire',
};
