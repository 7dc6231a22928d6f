// Small pieces of SVG text shared by the card's builders.

/** Escapes text for an XML attribute or element: member data never becomes markup. */
export function escapeXml(text: string): string {
  return (
    text
      // Characters XML 1.0 forbids would make the whole file unparseable.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  )
}

/** A number for an attribute, without float noise (0.30000000000000004) or trailing zeros. */
export function num(value: number, digits = 2): string {
  return String(Number(value.toFixed(digits)))
}

const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/]+=*$/i

/**
 * The data URL if it is a base64 image and nothing else, so an <image href> can only ever point
 * at embedded image bytes (no remote fetch, no javascript: URL).
 */
export function safeImageDataUrl(url: string | null | undefined): string | undefined {
  return url && IMAGE_DATA_URL.test(url) ? url : undefined
}
