import { UploadRefusedError } from './errors';

/**
 * A small streaming XML tokenizer for uploaded files, safe by construction:
 * no DOCTYPE (so no external entity and no entity expansion: `<!DOCTYPE`,
 * `<!ENTITY` and any other `<!…>` declaration are refused), only the five
 * predefined entities and character references, a maximum nesting depth, a
 * maximum total length and a maximum length of one token (a tag, a text, a
 * comment). Well-formedness is checked as far as the limits need it: tags
 * must nest and close in order, one root element.
 */

export interface XmlLimits {
  maxDepth: number;
  /** Characters of the whole document. */
  maxLength: number;
  /** Characters of one tag, text node, comment or CDATA section. */
  maxTokenLength: number;
}

export const DEFAULT_XML_LIMITS: XmlLimits = { maxDepth: 64, maxLength: 100 * 1024 * 1024, maxTokenLength: 1024 * 1024 };

export interface XmlHandler {
  /** A start tag (`attrs`: the raw attribute text, see `xmlAttributes`); a self-closing tag is followed by its `close`. */
  open?(name: string, attrs: string, selfClosing: boolean): void;
  close?(name: string): void;
  /** Text (entities decoded) or CDATA inside an element. */
  text?(text: string): void;
}

const malformed = (detail: string) => new UploadRefusedError('unreadable', `xml: ${detail}`);

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&([^;&\s]{0,10});?/g;

/** Text with its entities decoded; an entity other than the predefined ones and character references is refused. */
export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (match, name: string) => {
    if (!match.endsWith(';')) throw malformed('bare &');
    if (name in PREDEFINED) return PREDEFINED[name];
    const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? parseInt(name.slice(1), 10) : NaN;
    if (name.startsWith('#')) {
      if (!Number.isInteger(code) || code < 0 || code > 0x10ffff || !/^#(x[0-9a-fA-F]+|[0-9]+)$/.test(name))
        throw malformed('character reference');
      return String.fromCodePoint(code);
    }
    throw new UploadRefusedError('xmlForbidden', `entity &${name};`);
  });
}

/** The attributes of a start tag's raw attribute text, values decoded (a hand-written scan: this is the hot path of a sheet). */
export function xmlAttributes(attrs: string): Record<string, string> {
  const out: Record<string, string> = {};
  const n = attrs.length;
  let i = 0;
  for (;;) {
    while (i < n && isSpace(attrs.charCodeAt(i))) i++;
    if (i >= n) return out;
    const eq = attrs.indexOf('=', i);
    if (eq < 0) throw malformed('attribute without value');
    const name = attrs.slice(i, eq).trim();
    i = eq + 1;
    while (i < n && isSpace(attrs.charCodeAt(i))) i++;
    const quote = attrs.charCodeAt(i);
    if (quote !== DQUOTE && quote !== SQUOTE) throw malformed('attribute value not quoted');
    const close = attrs.indexOf(quote === DQUOTE ? '"' : "'", i + 1);
    if (close < 0 || name === '') throw malformed('attribute malformed');
    out[name] = decodeXmlEntities(attrs.slice(i + 1, close));
    i = close + 1;
  }
}

/** The local part of a qualified name (`x:c` → `c`). */
export const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

const LT = 60;
const GT = 62;
const SLASH = 47;
const QUESTION = 63;
const BANG = 33;
const DQUOTE = 34;
const SQUOTE = 39;

/** Index of the `>` closing the tag that starts before `from`, outside quoted attribute values; -1 when not yet there. */
function tagEnd(s: string, from: number): number {
  let quote = 0;
  for (let k = from; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === DQUOTE || c === SQUOTE) quote = c;
    else if (c === GT) return k;
  }
  return -1;
}

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** Feed it text with `write` (chunks may split anything), then call `end`. Throws UploadRefusedError. */
export class XmlTokenizer {
  private buf = '';
  private length = 0;
  private readonly stack: string[] = [];
  private sawRoot = false;
  private readonly limits: XmlLimits;

  constructor(
    private readonly handler: XmlHandler,
    limits: Partial<XmlLimits> = {},
  ) {
    this.limits = { ...DEFAULT_XML_LIMITS, ...limits };
  }

  get depth(): number {
    return this.stack.length;
  }

  write(chunk: string): void {
    this.length += chunk.length;
    if (this.length > this.limits.maxLength) throw new UploadRefusedError('tooLarge', `xml: more than ${this.limits.maxLength} characters`);
    this.buf = this.buf.length > 0 ? this.buf + chunk : chunk;
    this.run(false);
  }

  end(): void {
    this.run(true);
    if (this.buf.length > 0) throw malformed('unterminated markup');
    if (this.stack.length > 0) throw malformed(`<${this.stack[this.stack.length - 1]}> not closed`);
    if (!this.sawRoot) throw malformed('no root element');
  }

  private tooLong(length: number): void {
    if (length > this.limits.maxTokenLength)
      throw new UploadRefusedError('tooLarge', `xml: a token longer than ${this.limits.maxTokenLength} characters`);
  }

  private emitText(raw: string): void {
    this.tooLong(raw.length);
    if (this.stack.length === 0) {
      if (raw.trim() !== '') throw malformed('text outside the root element');
      return;
    }
    // Decoded even without a text handler: an unknown entity is refused all the same.
    const text = decodeXmlEntities(raw);
    this.handler.text?.(text);
  }

  private run(final: boolean): void {
    const s = this.buf;
    const n = s.length;
    const { handler, stack } = this;
    let i = 0;
    while (i < n) {
      if (s.charCodeAt(i) !== LT) {
        const lt = s.indexOf('<', i);
        if (lt < 0) {
          if (!final) break;
          this.emitText(s.slice(i));
          i = n;
          break;
        }
        this.emitText(s.slice(i, lt));
        i = lt;
        continue;
      }
      if (i + 1 >= n) break;
      const c = s.charCodeAt(i + 1);
      if (c === SLASH) {
        const gt = s.indexOf('>', i + 2);
        if (gt < 0) break;
        const name = s.slice(i + 2, gt).trim();
        if (stack.pop() !== name) throw malformed(`</${name}> does not close the open element`);
        handler.close?.(name);
        i = gt + 1;
        continue;
      }
      if (c === QUESTION) {
        // XML declaration or processing instruction: skipped.
        const end = s.indexOf('?>', i + 2);
        if (end < 0) break;
        i = end + 2;
        continue;
      }
      if (c === BANG) {
        if (s.startsWith('<!--', i)) {
          const end = s.indexOf('-->', i + 4);
          if (end < 0) break;
          i = end + 3;
          continue;
        }
        if (s.startsWith('<![CDATA[', i)) {
          const end = s.indexOf(']]>', i + 9);
          if (end < 0) break;
          if (stack.length === 0) throw malformed('CDATA outside the root element');
          this.tooLong(end - i);
          handler.text?.(s.slice(i + 9, end));
          i = end + 3;
          continue;
        }
        // Maybe the start of a comment or CDATA cut by the chunk: wait for more.
        if (n - i < 9 && ('<![CDATA['.startsWith(s.slice(i)) || '<!--'.startsWith(s.slice(i)))) break;
        throw new UploadRefusedError('xmlForbidden', `declaration ${s.slice(i, i + 12)}`);
      }
      const gt = tagEnd(s, i + 1);
      if (gt < 0) break;
      this.tooLong(gt - i);
      const selfClosing = s.charCodeAt(gt - 1) === SLASH;
      const end = selfClosing ? gt - 1 : gt;
      let j = i + 1;
      while (j < end && !isSpace(s.charCodeAt(j))) j++;
      const name = s.slice(i + 1, j);
      if (name === '') throw malformed('empty tag name');
      if (stack.length === 0 && this.sawRoot) throw malformed('a second root element');
      if (stack.length >= this.limits.maxDepth) throw new UploadRefusedError('xmlTooDeep', `deeper than ${this.limits.maxDepth}`);
      this.sawRoot = true;
      if (!selfClosing) stack.push(name);
      handler.open?.(name, s.slice(j, end), selfClosing);
      if (selfClosing) handler.close?.(name);
      i = gt + 1;
    }
    this.buf = i >= n ? '' : s.slice(i);
    this.tooLong(this.buf.length);
  }
}

/**
 * Checks a whole XML document (an OFX 2 or camt statement, any XML upload)
 * against the limits before any parser sees it: no DOCTYPE or entity
 * declaration, no unknown entity, nesting and sizes bounded, well formed.
 * Throws UploadRefusedError.
 */
export function assertSafeXml(input: string | Buffer, limits: Partial<XmlLimits> = {}): void {
  const max = limits.maxLength ?? DEFAULT_XML_LIMITS.maxLength;
  if (input.length > max) throw new UploadRefusedError('tooLarge', `xml: more than ${max} characters`);
  const text = typeof input === 'string' ? input : new TextDecoder('utf-8').decode(input);
  // Attributes are read too, so that their entities are checked as the text's are.
  const tokenizer = new XmlTokenizer({ open: (_name, attrs) => void xmlAttributes(attrs) }, limits);
  tokenizer.write(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  tokenizer.end();
}
