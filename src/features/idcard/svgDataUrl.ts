/** An SVG document as a data: URL for <img>: scripts never run in an image, whatever it holds. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
