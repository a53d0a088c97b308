// Recorded evidence for the calibration tests: one row per run, as the runs
// store will hold them (issue 8). Made for these tests: the Claude rows spread
// as the split-meter doc's real session did (reported 1.3-1.8x the estimate);
// the GPT rows as o200k on code does (a few percent either way, plus framing).
import type { CalibrationRow } from './calibration';

const rows = (model: string, pairs: [number, number][]): CalibrationRow[] =>
  pairs.map(([loupeEstimateTokens, providerReportedInputTokens]) => ({ model, loupeEstimateTokens, providerReportedInputTokens }));

export const EVIDENCE: CalibrationRow[] = [
  ...rows('anthropic/claude-sonnet-4', [
    [10_000, 14_700],
    [52_000, 70_200],
    [8_000, 14_400],
    [120_000, 168_000],
    [30_000, 43_500],
    [61_000, 85_400],
    [4_000, 7_000],
    [90_000, 121_500],
    [15_000, 22_500],
    [40_000, 58_000],
  ]),
  ...rows('openai/gpt-4o', [
    [20_000, 20_900],
    [45_000, 44_100],
    [9_000, 9_450],
    [70_000, 72_800],
    [33_000, 34_980],
    [12_000, 12_240],
  ]),
  ...rows('google/gemini-2.5-pro', [
    [25_000, 26_500],
    [18_000, 19_800],
  ]),
  // Runs that never reached the provider, or reported nothing: left out, not zero.
  { model: 'openai/gpt-4o', loupeEstimateTokens: 5_000, providerReportedInputTokens: 0 },
  { model: 'anthropic/claude-sonnet-4', loupeEstimateTokens: 0, providerReportedInputTokens: 300 },
];
