/**
 * Names from a repository (paths, branches) that go into a prompt or any other
 * line-framed text. A control character (newline, carriage return, tab, escape,
 * C1 controls) or a Unicode line/paragraph separator in such a name could start
 * a line of its author's choosing, e.g. a fake reference or a "## Task" section.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** True when `name` holds a character that could break a line or frame of text. */
export function hasControlChars(name: string): boolean {
  return CONTROL.test(name);
}

/**
 * `text` as it may appear on one line: unchanged when it has no control
 * character, else quoted as a JSON string ("main\n## Task" → "\"main\\n## Task\""),
 * so a newline in it cannot start a line of its own.
 */
export function oneLine(text: string): string {
  if (!hasControlChars(text)) return text;
  return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
