/**
 * What a passing budget does not promise (issue 34, the seed's own words): Loupe
 * measures what it and the CLI send; whatever the provider adds on its side never
 * crosses the wire. One sentence for run settings, evidence, exports and the CLI.
 */
export const BUDGET_LIMITS_NOTE =
  'A budget that passes does not guarantee the provider’s whole context fits its window: instructions the provider adds on its side stay invisible to Loupe, so neither the context budget nor the request budget can count them.';
