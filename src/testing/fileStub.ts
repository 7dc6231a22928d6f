/* Asset imports resolve to a URL at build time; tests get a fixed name. */
export default 'test-file-stub'
