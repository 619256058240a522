import { XmlTokenizer, assertSafeXml, decodeXmlEntities, xmlAttributes } from './xml';
import { refusalReason } from './test-support/refusal';

describe('assertSafeXml', () => {
  it('accepts a plain statement (declaration, comments, CDATA, entities, character references)', () => {
    const ofx = `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="220"?>
<!-- relevé -->
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>
<STMTTRN><TRNAMT>-1500.00</TRNAMT><NAME>Loyer &amp; charges &#233;t&#xE9;</NAME><MEMO><![CDATA[a < b]]></MEMO></STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    expect(refusalReason(() => assertSafeXml(ofx))).toBe('accepted');
    expect(refusalReason(() => assertSafeXml(Buffer.from(`\ufeff${ofx}`)))).toBe('accepted');
  });

  it('refuses DOCTYPE, entity declarations (XXE, billion laughs) and unknown entities', () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>';
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><lolz>&lol2;</lolz>';
    expect(refusalReason(() => assertSafeXml(xxe))).toBe('xmlForbidden');
    expect(refusalReason(() => assertSafeXml(laughs))).toBe('xmlForbidden');
    expect(refusalReason(() => assertSafeXml('<r>&x;</r>'))).toBe('xmlForbidden');
    expect(refusalReason(() => assertSafeXml('<r><!ENTITY x "y"></r>'))).toBe('xmlForbidden');
  });

  it('refuses excessive depth and size, and malformed documents', () => {
    const deep = (n: number) => `${'<a>'.repeat(n)}${'</a>'.repeat(n)}`;
    expect(refusalReason(() => assertSafeXml(deep(64)))).toBe('accepted');
    expect(refusalReason(() => assertSafeXml(deep(65)))).toBe('xmlTooDeep');
    expect(refusalReason(() => assertSafeXml(deep(10_000)))).toBe('xmlTooDeep');
    expect(refusalReason(() => assertSafeXml(`<r>${'x'.repeat(2000)}</r>`, { maxLength: 1000 }))).toBe('tooLarge');
    expect(refusalReason(() => assertSafeXml(`<r>${'x'.repeat(2000)}</r>`, { maxTokenLength: 1000 }))).toBe('tooLarge');
    expect(refusalReason(() => assertSafeXml('<a><b></a></b>'))).toBe('unreadable');
    expect(refusalReason(() => assertSafeXml('<a>'))).toBe('unreadable');
    expect(refusalReason(() => assertSafeXml('<a/><b/>'))).toBe('unreadable');
    expect(refusalReason(() => assertSafeXml('texte'))).toBe('unreadable');
    expect(refusalReason(() => assertSafeXml('<a>AT&T</a>'))).toBe('unreadable');
    expect(refusalReason(() => assertSafeXml(''))).toBe('unreadable');
  });
});

describe('XmlTokenizer', () => {
  it('gives the same events whatever the chunks split', () => {
    const doc = '<?xml version="1.0"?><row r="2" x:a=\'1 &gt; 0\'><c t="s"><v>12</v></c><c/><![CDATA[<x>]]><!-- c --><t>a&amp;b</t></row>';
    const events = (chunks: string[]) => {
      const out: string[] = [];
      const t = new XmlTokenizer({
        open: (name, attrs, self) => out.push(`<${name}${JSON.stringify(xmlAttributes(attrs))}${self ? '/' : ''}>`),
        close: (name) => out.push(`</${name}>`),
        text: (text) => out.push(text),
      });
      for (const c of chunks) t.write(c);
      t.end();
      return out.join('');
    };
    const whole = events([doc]);
    expect(whole).toBe('<row{"r":"2","x:a":"1 > 0"}><c{"t":"s"}><v{}>12</v></c><c{}/></c><x><t{}>a&b</t></row>');
    for (let size = 1; size < 12; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < doc.length; i += size) chunks.push(doc.slice(i, i + size));
      expect(events(chunks)).toBe(whole);
    }
  });

  it('decodes the predefined entities and character references only', () => {
    expect(decodeXmlEntities('&lt;&gt;&amp;&quot;&apos;&#65;&#x1F600;')).toBe('<>&"\'A😀');
    expect(refusalReason(() => decodeXmlEntities('&nbsp;'))).toBe('xmlForbidden');
  });
});
