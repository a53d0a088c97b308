// Soak tests repeat what they check (kills mid-write, random requests) many times. `npm test`
// runs them a few times, enough to fail on a regression; `npm run soak` (LOUPE_SOAK=1) runs the
// full counts the issues asked for.

/** True under `npm run soak`. */
const SOAK = process.env.LOUPE_SOAK === '1';

/** `full` repetitions under `npm run soak`, `quick` ones in `npm test`. */
export function soakCount(full: number, quick: number): number {
  return SOAK ? full : quick;
}
