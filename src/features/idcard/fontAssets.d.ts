// webpack's asset/resource turns a font import into its URL in the build.
declare module '*.woff2' {
  const url: string
  export default url
}
