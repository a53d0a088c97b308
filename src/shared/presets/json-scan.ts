// A JSON checker that runs before JSON.parse on files Loupe did not write: one
// pass, no recursion (so a file nested 10,000 deep is refused without using the
// stack), and a problem says where it is (line, column, the keys and indexes
// leading there) in words.

/** The first thing wrong with a JSON text, and where. */
export interface ScanProblem {
  message: string;
  line: number;
  column: number;
  /** The value being read when the problem was found: keys and indexes from the top. */
  path: (string | number)[];
}

interface Frame {
  kind: 'object' | 'array';
  /** Offset of the opening bracket (for "opened at" in truncation messages). */
  at: number;
  /** Keys seen so far (objects), to refuse duplicates JSON.parse would silently drop. */
  keys: Set<string>;
  /** The member being read: a key (objects) or an index (arrays). */
  member: string | null;
  count: number;
}

/** Line and column (1-based, in characters) of `offset`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** Where the scan is: object keys and array indexes from the top (at most maxDepth long). */
function placeOf(stack: Frame[]): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const f of stack) if (f.member !== null) parts.push(f.kind === 'array' ? Number(f.member) : f.member);
  return parts;
}

const describe = (ch: string | undefined) => (ch === undefined ? 'the end of the file' : JSON.stringify(ch));
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'];

type Expect = 'value' | 'value-or-end' | 'key' | 'key-or-end' | 'colon' | 'comma-or-end' | 'eof';

/** One pass over a text; each step reads one token and says what may come next. */
class Scanner {
  private readonly stack: Frame[] = [];
  private i = 0;
  private expect: Expect = 'value';

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {
    if (text.charCodeAt(0) === 0xfeff) this.i = 1; // a byte-order mark some editors write
  }

  run(): ScanProblem | null {
    for (;;) {
      this.skipSpace();
      const ch = this.text[this.i];
      if (this.expect === 'eof') return ch === undefined ? null : this.fail(`unexpected ${describe(ch)} after the end of the JSON value`);
      if (ch === undefined) return this.truncated();
      const problem = this.step(ch);
      if (problem) return problem;
    }
  }

  private step(ch: string): ScanProblem | null {
    const top = this.stack.at(-1);
    switch (this.expect) {
      case 'colon':
        if (ch !== ':') return this.fail(`expected ":" after the key, found ${describe(ch)}`);
        this.i++;
        this.expect = 'value';
        return null;
      case 'comma-or-end': {
        const close = top!.kind === 'object' ? '}' : ']';
        if (ch === close) return this.close();
        if (ch !== ',') return this.fail(`expected "," or "${close}", found ${describe(ch)}`);
        this.i++;
        this.expect = top!.kind === 'object' ? 'key' : 'value';
        if (top!.kind === 'array') top!.member = String(top!.count);
        return null;
      }
      case 'key-or-end':
      case 'key':
        if (ch === '}' && this.expect === 'key-or-end') return this.close();
        return this.key(ch, top!);
      default:
        if (ch === ']' && this.expect === 'value-or-end') return this.close();
        return this.value(ch);
    }
  }

  private key(ch: string, top: Frame): ScanProblem | null {
    // Until the key is read, the place is the object itself.
    top.member = null;
    if (ch !== '"') return this.fail(`expected a key in double quotes, found ${describe(ch)}`);
    const end = this.readString();
    if (typeof end !== 'number') return end;
    const key = JSON.parse(this.text.slice(this.i, end)) as string;
    top.member = key;
    if (top.keys.has(key)) return this.fail(`the key ${JSON.stringify(key)} appears twice in this object`);
    top.keys.add(key);
    this.i = end;
    this.expect = 'colon';
    return null;
  }

  private value(ch: string): ScanProblem | null {
    if (ch === '{' || ch === '[') {
      if (this.stack.length >= this.maxDepth) return this.fail(`nested deeper than ${this.maxDepth} levels`);
      this.stack.push({ kind: ch === '{' ? 'object' : 'array', at: this.i, keys: new Set(), member: ch === '[' ? '0' : null, count: 0 });
      this.i++;
      this.expect = ch === '{' ? 'key-or-end' : 'value-or-end';
      return null;
    }
    if (ch === '"') {
      const end = this.readString();
      if (typeof end !== 'number') return end;
      this.i = end;
    } else if (ch === '-' || (ch >= '0' && ch <= '9')) {
      NUMBER.lastIndex = this.i;
      if (!NUMBER.test(this.text)) return this.fail(`${describe(ch)} does not start a valid number`);
      this.i = NUMBER.lastIndex;
    } else {
      const word = LITERALS.find((w) => this.text.startsWith(w, this.i));
      if (!word) {
        const notJson = this.stack.length === 0 ? ': this is not a JSON file' : '';
        return this.fail(`expected a JSON value, found ${describe(ch)}${notJson}`);
      }
      this.i += word.length;
    }
    this.afterValue();
    return null;
  }

  /** Closes the innermost object or array; the bracket was checked by the caller. */
  private close(): null {
    this.i++;
    this.stack.pop();
    this.afterValue();
    return null;
  }

  private afterValue(): void {
    const top = this.stack.at(-1);
    this.expect = top ? 'comma-or-end' : 'eof';
    if (top?.kind === 'array') top.count++;
  }

  /** Reads the string whose quote is at `i`; returns the offset after it, or a problem. */
  private readString(): number | ScanProblem {
    const { text } = this;
    for (let j = this.i + 1; j < text.length; ) {
      const c = text.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c < 0x20) return this.fail('a string contains a raw control character (a line break inside quotes?)', j);
      if (c !== 0x5c) {
        j++;
        continue;
      }
      const e = text[j + 1];
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) return this.fail('a \\u escape needs four hex digits', j);
        j += 6;
      } else if (e !== undefined && '"\\/bfnrt'.includes(e)) j += 2;
      else if (e === undefined) break;
      else return this.fail(`"\\${e}" is not a JSON escape`, j);
    }
    return this.fail('the file ends inside a string: it looks truncated', text.length);
  }

  private skipSpace(): void {
    const { text } = this;
    while (this.i < text.length) {
      const c = text.charCodeAt(this.i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return;
      this.i++;
    }
  }

  private truncated(): ScanProblem {
    const open = this.stack.at(-1);
    if (!open) return this.fail(this.i === 0 || this.text.trim() === '' ? 'the file is empty' : 'the file ends where a value should be');
    const where = lineColumn(this.text, open.at);
    const problem = this.fail(`the file ends inside the ${open.kind} opened at line ${where.line}, column ${where.column}: it looks truncated`, this.text.length);
    // The place is the open object or array itself, not the last member read in it.
    if (open.member !== null) problem.path.pop();
    return problem;
  }

  private fail(message: string, at = this.i): ScanProblem {
    return { message, ...lineColumn(this.text, at), path: placeOf(this.stack) };
  }
}

/**
 * Checks that `text` is one JSON value, nested at most `maxDepth` deep, with no
 * duplicate keys in any object. Returns the first problem, or null when
 * JSON.parse will accept it (and give every key its only value).
 */
export function scanJson(text: string, maxDepth: number): ScanProblem | null {
  return new Scanner(text, maxDepth).run();
}
