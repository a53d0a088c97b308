/** Why a request body could not be read: said to the CLI (in a refusal) and in the record ("not analysed: …"). */
export class DecodeError extends Error {
  constructor(
    /** The content coding, or what was wrong ('utf-16', 'json'). */
    readonly what: string,
    detail: string,
  ) {
    super(`${what}: ${detail}`);
  }
}
