declare module 'subset-font' {
  /** harfbuzz's subsetter (https://github.com/papandreou/subset-font): keeps only `text`'s glyphs. */
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype'
      preserveNameIds?: number[]
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>
      noLayoutClosure?: boolean
    },
  ): Promise<Buffer>
}
