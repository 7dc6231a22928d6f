import * as fontkit from 'fontkit'
import { inlineFontStyle, paintedCodePoints } from './loginFont'

const letters = (points: number[]) => String.fromCodePoint(...points)

describe("the drawn sign-in page's inline letters (decision 0376)", () => {
  it('takes the text, the drawn attributes and the short strings of CSS, not tags or styles', () => {
    const markup =
      '<style>.x{color:red}</style><h1 class="title">ይግቡ</h1>' +
      '<input placeholder="ለምሳሌ a&amp;b" aria-label="ZZZ"/><p>A&nbsp;&#x1361;</p>'
    const css = ".req::before{content:'*'}.n::after{content:\"\\a0\"}.c::after{content:'፦'}"
    expect(letters(paintedCodePoints(markup, css))).toBe(
      [...' &*Aab\u00a0ለሌሳምይግቡ፡፦'].sort().join(''),
    )
  })

  it("writes faces that hold every painted letter and no other of the font's", async () => {
    const style = await inlineFontStyle('<p>አባል Abal</p>', '')
    expect(style).toMatch(/^<style id="login-page-font">@font-face\{.*\}<\/style>$/)
    const faces = [...style.matchAll(/base64,([A-Za-z0-9+/=]+)\).*?unicode-range:([^}]+)\}/g)]
    expect(faces.map(([, , range]) => range)).toEqual([
      'U+120D,U+1263,U+12A0',
      'U+0020,U+0041,U+0061-0062,U+006C',
    ])
    const fonts = faces.map(
      ([, data]) => fontkit.create(Buffer.from(data, 'base64')) as fontkit.Font,
    )
    expect([...'አባል'].every((c) => fonts[0].hasGlyphForCodePoint(c.codePointAt(0)!))).toBe(true)
    expect(fonts[0].hasGlyphForCodePoint('ሰ'.codePointAt(0)!)).toBe(false)
    expect([...'Abl'].every((c) => fonts[1].hasGlyphForCodePoint(c.codePointAt(0)!))).toBe(true)
    expect(fonts[1].hasGlyphForCodePoint('z'.codePointAt(0)!)).toBe(false)
    // The weights the app paints with stay variable between 400 and 600.
    expect(fonts[0].variationAxes.wght).toMatchObject({ min: 400, max: 600 })
  })
})
